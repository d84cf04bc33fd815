import { buildLexicon } from './types.ts';

/** A smaller Spanish support lexicon (same scale and rules as the Portuguese one). */
export const ES_LEXICON = buildLexicon({
  abbreviations: { q: 'que', xq: 'porque', pq: 'porque', tb: 'también', tmb: 'también', grax: 'gracias' },
  terms: [
    [
      3,
      'excelente|excelentes|perfecto|perfecta|maravillos*|increíble|increíbles|fantástic*|espectacular*|genial|impecable|encantó|buenísim*|estupend*',
    ],
    [2.5, 'felicidades|felicitaciones|encanta|encantada|encantado'],
    [
      2,
      'contento|contenta|feliz|felices|amable|amables|atento|atenta|eficiente|eficientes|agradecido|agradecida|profesional',
    ],
    [1.5, 'rápido|rápida|rapidez|gracias|agradezco|fácil'],
    [-1, 'problema|problemas|caro|cara|esperando'],
    [
      -1.5,
      'lento|lenta|retraso|retrasado|retrasada|demora|demoró|error|errores|falla|fallo|falló|perdido|perdida|mal',
    ],
    [
      -2,
      'malo|mala|malos|malas|roto|rota|rotos|dañad*|defectuos*|defecto|equivocad*|incorrect*|peor|cobro indebido',
    ],
    [
      -2.5,
      'decepcionad*|decepción|frustrad*|molesto|molesta|enojad*|indignad*|harto|harta|absurd*|ridícul*|fraude|grosero|grosera|maleducad*|estafa',
    ],
    [
      -3,
      'pésim*|horrible|horribles|terrible|terribles|inaceptable|vergüenza|vergonzos*|basura|asco|desastre|ladrones|incompetentes|odio',
    ],
  ],
  expectations: [
    [2, -2.2, 'resuelto|resuelta|resolvieron|resolvió|solucionado|solucionada|solucionaron'],
    [0, -2, 'resuelven|resolver|solucionan'],
    [0.5, -2, 'funciona|funcionan|funcionando'],
    [1.5, -2, 'funcionó'],
    [0.3, -1.5, 'llegó|llegaron|llegado|recibí|recibido|entregado|entregaron'],
    [0, -1.8, 'respuesta|responden|respondieron|contestan|contestaron|atienden|solución'],
    [0, -1.3, 'puedo|puede|carga|abre|entra'],
    [1.5, -1.5, 'ayudó|ayudaron'],
    [1.8, -1.8, 'bueno|buena|buenos|buenas|buen'],
    [2, -2, 'satisfecho|satisfecha|recomiendo|gustó|gusta'],
  ],
  fixed: [
    [-2.5, 'nunca más|pérdida de tiempo|perdí mi tiempo|otra vez lo mismo'],
    [-2, 'sin respuesta|sin solución|libro de reclamaciones|hoja de reclamaciones'],
    [-1, 'otra vez|de nuevo'],
    [2.5, 'cinco estrellas|nota diez|muchas gracias|mil gracias'],
  ],
  negators: [
    [3, 'no|nunca|jamás|nadie|nada|ningún|ninguna|ninguno|ni|tampoco'],
    [2, 'sin'],
    [1, 'poco|poca'],
  ],
  negatorsWithPenalty: [[3, -0.7, 'todavía no|aún no|hasta ahora no|sigo sin|sigue sin']],
  intensifiers: [
    [1.5, 'muy|mucho|muchísimo|súper|super|demasiado|totalmente|completamente|realmente|bastante|tan'],
    [0.6, 'un poco|algo'],
  ],
  postIntensifiers: [[1.3, 'todo el tiempo|siempre|hasta hoy|hasta ahora']],
  // Not "mas": folded "más" (more) would collide with it.
  contrasts: 'pero|sin embargo|aunque|no obstante|sino',
  neutral: 'buenos días|buenas tardes|buenas noches|por favor|de nada|hola|claro|buen día',
});
