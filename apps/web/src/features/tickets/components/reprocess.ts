/** Asked before an existing analysis is replaced by a new version (reprocessing keeps the history). */
export const REPROCESS_QUESTION =
  'Tem certeza que deseja reprocessar a análise? Isso pode sobrescrever os dados existentes.';
