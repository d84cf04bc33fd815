/** Spec §2: asked before an existing analysis is replaced by a new version. */
export const REPROCESS_QUESTION =
  'Tem certeza que deseja reprocessar a análise? Isso pode sobrescrever os dados existentes.';
