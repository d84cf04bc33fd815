// Data of the term-flood attack (security issue, item 2), shared by its test and its bench
// (bench/term-flood.ts): a tenant at the cap of realistic terms and maximum-size texts.

const nouns = [
  'reembolso',
  'cobrança',
  'fatura',
  'boleto',
  'entrega',
  'pedido',
  'contrato',
  'plano',
  'assinatura',
  'garantia',
  'defeito',
  'atraso',
  'multa',
  'juros',
  'cadastro',
  'senha',
  'conta',
  'cartão',
  'pix',
  'frete',
  'troca',
  'devolução',
  'estorno',
  'protocolo',
  'gerente',
  'ouvidoria',
  'suporte',
  'técnico',
  'instalação',
  'internet',
  'sinal',
  'linha',
  'aparelho',
  'produto',
  'serviço',
  'desconto',
  'promoção',
  'mensalidade',
  'taxa',
  'tarifa',
];
const qualifiers = [
  'indevida',
  'duplicada',
  'atrasado',
  'cancelado',
  'errado',
  'abusiva',
  'quebrado',
  'bloqueada',
  'suspenso',
  'negado',
  'pendente',
  'urgente',
  'judicial',
  'vencido',
  'extraviado',
  'clonado',
  'sem resposta',
  'não autorizado',
  'em dobro',
  'fora do prazo',
  'de novo',
  'mal feito',
  'com defeito',
  'sem sinal',
  'não recebido',
];

/** `count` distinct terms (at most 1,000): two-word phrases, then three-word ones. */
export function realisticTerms(count = 1000): string[] {
  const terms: string[] = [];
  for (const noun of nouns) for (const q of qualifiers) terms.push(`${noun} ${q}`);
  for (let i = 0; terms.length < count; i++)
    terms.push(`${nouns[i % nouns.length]} ${qualifiers[i % qualifiers.length]} ${i}`);
  return terms.slice(0, count);
}

/** A customer's complaint of exactly `length` characters, with some of the terms inside. */
export function floodText(length: number, seed = 0): string {
  const sentences = [
    'Olá, estou muito insatisfeito com o atendimento de vocês.',
    `Recebi uma cobrança indevida na fatura e o ${nouns[seed % nouns.length]} continua errado.`,
    'Já liguei três vezes e ninguém resolve, o protocolo não anda.',
    'Se não resolverem vou ao Procon e ao Reclame Aqui, e procurar um advogado.',
    'O pedido atrasado chegou com defeito e o reembolso negado é um absurdo.',
    'Quero o estorno do valor em dobro, senão cancelo o contrato.',
  ];
  let text = '';
  for (let i = 0; text.length < length; i++) text += `${sentences[(i + seed) % sentences.length]} `;
  return text
    .slice(0, length - 1)
    .trimEnd()
    .padEnd(length, '.');
}

/** p-th percentile (0–100) of the samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
