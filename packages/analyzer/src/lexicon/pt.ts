import { LEIA_VALENCE } from './leia.generated.ts';
import { buildLexicon } from './types.ts';

/**
 * Brazilian support-language lexicon. Scores are on VADER's −4..4 scale: ±3 strong evaluations
 * ("péssimo", "excelente"), ±2 clear ones, ±1 weak hints. Lists are `|`-separated and folded at
 * load, so accents are optional in the customer's text and written here for readability.
 */

// Chat spelling seen in Brazilian support queues ("vc n resolveu nd", "obg, vlw").
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  vc: 'você',
  vcs: 'vocês',
  voce: 'você',
  pq: 'porque',
  pk: 'porque',
  obg: 'obrigado',
  obgd: 'obrigado',
  obgda: 'obrigada',
  brigado: 'obrigado',
  brigada: 'obrigada',
  n: 'não',
  nn: 'não',
  naum: 'não',
  td: 'tudo',
  tds: 'todos',
  msm: 'mesmo',
  tb: 'também',
  tbm: 'também',
  blz: 'beleza',
  vlw: 'valeu',
  q: 'que',
  nd: 'nada',
  mt: 'muito',
  mto: 'muito',
  mta: 'muita',
  hj: 'hoje',
  pfv: 'por favor',
  pf: 'por favor',
  pfvr: 'por favor',
  dnv: 'de novo',
  agr: 'agora',
  qdo: 'quando',
  qnd: 'quando',
  cmg: 'comigo',
  ngm: 'ninguém',
  kd: 'cadê',
  ta: 'está',
  to: 'estou',
  tava: 'estava',
  tao: 'tão',
  pra: 'para',
  pro: 'para o',
  p: 'para',
  c: 'com',
  vdd: 'verdade',
  fds: 'fim de semana',
  aki: 'aqui',
  eh: 'é',
  msg: 'mensagem',
  cel: 'celular',
  att: 'atenciosamente',
  abs: 'abraço',
};

// Goods that arrive in the wrong state: "chegou aberta", "veio diferente", "veio faltando".
const ARRIVAL_VERBS = [
  'chegou',
  'chegaram',
  'veio',
  'vieram',
  'recebi',
  'entregaram',
  'entregue',
  'está',
  'estava',
];
const ARRIVAL_STATES = [
  'aberto',
  'aberta',
  'abertos',
  'abertas',
  'molhado',
  'molhada',
  'violado',
  'violada',
  'diferente',
  'rasgado',
  'rasgada',
  'molhado',
  'molhada',
  'sujo',
  'suja',
  'usado',
  'usada',
  'vazio',
  'vazia',
  'incompleto',
  'incompleta',
  'trocado',
  'trocada',
  'vencido',
  'vencida',
  // Food that arrives spoiled.
  'frio',
  'fria',
  'revirado',
  'revirada',
  'derramado',
  'derramada',
  'mofado',
  'mofada',
  'azedo',
  'azeda',
  'cru',
  'crua',
  'murcho',
  'murcha',
  'descongelado',
  'descongelada',
];
const ARRIVAL_PROBLEMS = ARRIVAL_VERBS.flatMap((verb) =>
  ARRIVAL_STATES.flatMap((state) => [`${verb} ${state}`, `${verb} tudo ${state}`]),
).join('|');

export const PT_LEXICON = buildLexicon({
  abbreviations: ABBREVIATIONS,
  fallback: LEIA_VALENCE,
  terms: [
    // Strong praise.
    [
      3,
      'excelente|excelentes|ótimo|ótima|ótimos|ótimas|perfeito|perfeita|perfeitos|perfeitas|perfeição|maravilh*|incrível|incríveis|sensaciona*|fantástic*|espetacular*|impecáve*|excepciona*|extraordinári*|fenomena*|amei|adorei|topzera',
    ],
    [
      2.5,
      'encantad*|parabéns|amo|adoro|amando|adorando|apaixonad*|excelência|perfeitamente|gratidão|profissionalismo|salvou|salvaram',
    ],
    [
      2,
      'top|cuidados*|dedicad*|caprichos*|esforçad*|resolutivo|resolutiva|empatia|empático|empática|humanizado|humanizada|feras|craque|elogiar|elogio|elogios|arrasou|arrasaram|arrasando|grato|grata|gratos|agradecido|agradecida|agradecidos|feliz|felizes|felicidade|eficiente|eficientes|eficiência|eficaz|prestativ*|atencios*|gentil|gentis|gentileza|decente|decentes|simpátic*|competente|competentes|recomendadíssima|bonito|bonita|bonitos|bonitas|lindo|linda|lindos|lindas|caprichad*|superou|recomendadíssimo|tranquilidade|maravilha',
    ],
    [
      1.5,
      'show|legal|bacana|barato|barata|baratos|baratas|em conta|rápido|rápida|rápidos|rápidas|rapidinho|rapidinha|rapidez|ágil|agilidade|pontual|pontualidade|educado|educada|educados|educadas|cordial|cordialidade|agradeço|agradecemos|intuitivo|intuitiva|confiável|confiáveis|sucesso|alegre|aliviado|aliviada|alívio|ufa|carinho|paciente|respeitosa|respeitoso|clareza',
    ],
    [
      1,
      'obrigado|obrigada|obrigados|obrigadas|valeu|agradecer|tranquilo|tranquila|prático|profissional|bem|sossego|tudo certo|certinho|certinha|qualidade|respeito|beleza|massa',
    ],
    [0.5, 'tudo bem|tudo bom|tudo ok|tenha um bom dia|tenha uma boa tarde|tenha uma ótima semana'],
    // Weak negatives: a persisting or unexplained problem.
    [
      -0.5,
      'continua|continuam|persiste|persistem|aguardando|esperando|quero devolver|prometeram|prometido|cobrando',
    ],
    [
      -1,
      'problema|problemas|reclamar|reclamação|reclamações|reclamando|reclamei|perdi|perdeu|perdido|perdida|infelizmente|caro|caros|cara de pau|putz|lamento|novamente|recusado|recusada|recusou|parado|parada|parados|paradas|preocupado|preocupada|duplicado|duplicada',
    ],
    [
      -1.5,
      'demora|demorou|demorando|demorado|demorada|demoram|atraso|atrasos|atrasou|atrasaram|atrasando|atrasado|atrasada|atrasados|atrasadas|lento|lenta|lentos|lentas|lentidão|trava|travou|travando|travado|travada|travam|travamento|travamentos|erro|erros|falha|falhas|falhou|falhando|bug|bugs|bugado|bugou|fraco|fraca|fracos|fracas|mal|amassad*|faltando|faltou|faltaram|falta|sumiu|sumiram|bloqueado|bloqueada|bloquearam|bloqueou|cancelaram|cobraram|droga|chato|chata|chatos|nervoso|nervosa|errou|erraram|esqueceram|esqueceu de|mentira|piorou|piorando|brincadeira|duplicada|duplicadas|caríssimo|caríssima|esquenta|esquentando|vaza|vazando|vazou|barulho|barulhento|barulhenta|rachou|rachado|rachada|trincado|trincada|trincou|riscado|riscada|manchado|manchada|desbotou|descascando|furado|furada|rasgou|descolou|descolando|descolado|descolada|furou|encolheu|desfiou|desfiando|descosturou|descosturado|descosturada|lascou|lascado|lascada|enferrujou|enferrujado|enferrujada|oxidou|oxidado|oxidada|deformou|deformado|deformada|esfarelou|mofou|empenou|empenado|empenada|arrebentou|desmanchou|descascou|desliga sozinho|desligando sozinho|reinicia sozinho|fica carregando|salgado|salgada|salgados|parou|sujou|sujaram|sujeira|preço subiu|preços subiram|aumentaram o preço|ficou caro|ficou mais caro|aumento abusivo',
    ],
    [
      -2,
      'ruim|ruins|defeito|defeitos|defeituos*|quebrado|quebrada|quebrados|quebradas|quebrou|danificad*|errado|errada|errados|erradas|indevid*|cansei|cansado|cansada|chateado|chateada|chateação|triste|tristeza|irrit*|desorganiz*|enrolando|enrolação|enrolaram|enrolam|ignorado|ignorada|ignoram|ignoraram|constrangid*|prejuízo|prejuízos|prejudicado|prejudicada|transtorno|transtornos|abandonado|abandonada|abandono|extraviad*|desisto|desisti|mentiram|mentiu|mentindo|enganou|estragou|estragaram|estragado|estragada|reclamo|pior|piores|arrependid*|arrependimento|abusivo|abusiva|abusivos|abusivas|péssima experiência|dor de cabeça|aborrecimento|aborrecid*|ma|golpe|fraude',
    ],
    [
      -2.5,
      'decepcion*|decepção|decepções|desapont*|frustra*|insatisf*|indign*|absurd*|ridícul*|vergonh*|lamentáve*|grosseir*|grosseria|grosso|grossa|negativad*|negativaram|falsificad*|enganad*|enganação|enganaram|enganando|enganosa|enganoso|despreparad*|porcaria|raiva|revolt*|roubo|roubada|roubaram|sacanagem|pesadelo|inferno|humilhad*|desespero|desesperad*',
    ],
    [
      -3,
      'péssim*|horrível|horríveis|horroros*|terrível|terríveis|inaceitáve*|inadmissíve*|incompet*|desrespeit*|descaso|lixo|merda|bosta|palhaçada|ladrão|ladrões|ladroagem|golpista|golpistas|mentiroso|mentirosos|mentirosa|odeio|odiei|detesto|detestei|nojo|nojento|nojenta|desgraça|safad*|vergonhoso|vergonhosa',
    ],
  ],
  // Support verbs and nouns whose absence is the complaint: affirmed they say little, negated a lot.
  expectations: [
    [
      2,
      -2.2,
      'resolveu|resolveram|resolvido|resolvida|resolvidos|resolvidas|solucionado|solucionada|solucionou|solucionaram',
    ],
    [
      2.5,
      -2.5,
      'resolveu meu problema|resolveram meu problema|resolveu o problema|resolveram o problema|resolveu tudo',
    ],
    [0, -2, 'resolve|resolvem|resolver|resolvendo|soluciona|solucionam|solucionar|resolvo|resolva|resolvam'],
    [1.5, -2, 'funcionou|funcionaram'],
    [0.5, -2, 'funciona|funcionam|funcionando'],
    [0, -2, 'funcionar'],
    [0.3, -1.5, 'chegou|chegaram|chegado|chegada|entregue|entregues|entregou|caiu|caíram|veio|vieram'],
    [0, -1, 'chega|chegam|chegar|chegando|entregam|entregar|entrega'],
    [0, -1.5, 'recebi|recebemos|recebeu|receberam|recebido|recebida|recebo'],
    [
      0,
      -1.8,
      'respondeu|responderam|respondem|responde|responder|respondido|respondida|respondidos|resposta|respostas|retorno|retornaram|retornou|retornam|retornar|atendeu|atenderam|atendem|atende|atender|ligaram|ligou|retornaram|solução|soluções|satisfação|explicação|previsão|informação|informações|aviso|posição|sinal|internet|acesso|luz|energia',
    ],
    [1, -1.5, 'consegui|conseguimos'],
    [0, -1.5, 'consigo|conseguiu|conseguem|consegue|conseguir|conseguindo'],
    [
      0,
      -1.3,
      'abre|abriu|abrem|carrega|carregou|carregando|liga|ligando|conecta|conectou|conectando|entra|entrou|aparece|apareceu|gera|gerou|gerando|aceita|aceitou|deixa|saiu|passa|passou|envia|enviou|enviaram|mandaram|mandou|cumpriu|cumpriram|cumprem|cumpre|cumprir|cumprido|cumprida',
    ],
    [1.5, -1.5, 'ajudou|ajudaram|melhorou|melhoraram'],
    [0, -2.5, 'presta|prestam'],
    [0, -1.5, 'adianta|adiantou|adiantam'],
    [
      2,
      -2,
      'gostei|curti|deu certo|bem atendido|bem atendida|bem atendidos|valeu a pena|vale a pena|voltou a funcionar|voltou ao normal',
    ],
    [1.2, -1.5, 'gosto|gostando|curtindo|melhor|melhores'],
    [2, -2.5, 'recomendo|recomendaria|recomendamos|indico'],
    [1.8, -1.8, 'bom|boa|bons|boas'],
    [2, -2, 'satisfeito|satisfeita|satisfeitos|satisfeitas|contente|contentes|satisfatório|satisfatória'],
    [1, -1.2, 'fácil|fáceis|facilidade'],
    [0.5, -1.5, 'no prazo|dentro do prazo|na data'],
  ],
  fixed: [
    [-1.5, ARRIVAL_PROBLEMS],
    [
      -3,
      'nota zero|nota 0|zero estrelas|de mal a pior|falta de respeito|má fé|propaganda enganosa|obrigado por nada|obrigada por nada',
    ],
    [
      -2.5,
      'nunca mais|não aguento mais|até agora nada|até hoje nada|perdi meu tempo|perda de tempo|perdendo meu tempo|perdendo tempo|desligou na minha cara|desligaram na minha cara|jogo de empurra|empurrando com a barriga|desculpa esfarrapada|má vontade|só enrolação|me fazendo de bobo|me fazer de bobo|cansei de esperar|de saco cheio|que palhaçada|isso é um roubo|quero meu dinheiro de volta|é uma vergonha',
    ],
    [
      -2,
      'é uma piada|são uma piada|que piada|virou piada|piada de mau gosto|de brincadeira|só pode ser brincadeira|deixa a desejar|deixou a desejar|deixam a desejar|reclame aqui|reclameaqui|procon|sem solução|sem resposta|sem retorno|sem previsão|sem explicação|cobrança indevida|cobranças indevidas|cobrado duas vezes|cobrado em dobro|cobraram duas vezes|cobraram a mais|parou de funcionar|deixou de funcionar|fora do ar|mesma desculpa|mesma resposta|só desculpas|só promessas|perdi a paciência|má qualidade|baixa qualidade|sem qualidade|sem educação|mal atendido|mal atendida|mal educado|mal educada|mal educados|mal feito|mal feita|danos morais|vou processar|vou te processar|entrar na justiça|acionar a justiça|na minha cara|que absurdo|que descaso|que vergonha|que raiva|que droga|uma porcaria',
    ],
    [
      -1.5,
      'vou cancelar|vou pedir o cancelamento|vou trocar de empresa|vou mudar de operadora|vou procurar outra|e nada|nada ainda|terceira vez|quarta vez|quinta vez|pela segunda vez|várias vezes|inúmeras vezes|toda vez|sempre a mesma coisa|outra vez|mais uma vez|sem aviso|sem sinal|sem internet|sistema caiu|site caiu|app caiu|aplicativo caiu|internet caiu|sinal caiu|ligação caiu|conexão caiu|servidor caiu|rede caiu|caiu a ligação|caiu a internet|caiu o sistema|caiu o sinal|fica caindo|vive caindo|vive travando|fica travando|cai toda hora|cai direto|advogado|advogada|já liguei|já reclamei|ninguém resolve|ninguém me responde|ninguém responde|ninguém atende|dura pouco|durou pouco|duram pouco|dura muito pouco',
    ],
    [-2, 'qualidade caiu|qualidade piorou|nível caiu|serviço piorou|atendimento piorou|piorou muito'],
    [
      -2,
      'nada resolvido|e nada resolvido|nada foi resolvido|e nada foi resolvido|nada se resolveu|nada de resolver',
    ],
    [
      -1,
      'de novo|segunda vez|mesmo problema|mesmo erro|reinicia|reiniciando|descarrega rápido|superaquece|superaquecendo',
    ],
    [-0.5, 'quero cancelar'],
    [-0.8, 'mais ou menos'],
    [-1.5, 'esperava mais|esperava melhor|esperava bem mais|esperava muito mais|não era o que eu esperava'],
    [1, 'sem problemas|sem problema|nenhum problema|não tem problema'],
    // A fault that stopped is good news ("zero queda", "parou de travar"). Not "não caiu mais": the
    // money that never arrived says it too.
    [
      1.5,
      'não caiu nenhuma vez|não caiu nem uma vez|zero queda|zero quedas|zero problema|zero problemas|zero erro|zero erros|zero defeito|nenhuma queda|parou de cair|parou de travar|parou de dar erro|parou de fechar|parou de desligar|parou de reiniciar|parou de vazar|parou de pingar|parou de piscar|parou de doer|parou de fazer barulho|não doeu nada|não doeu nadinha|sem dor nenhuma|não deu mais problema|não deu mais erro|nunca mais travou|não travou mais|não trava mais',
    ],
    [1.5, 'antes do prazo|de boa|agora foi|agora sim|da hora|muito bem|de primeira'],
    // "solícito" folds to "solicito" (I request): only read as praise after a linking verb or intensifier.
    [
      2,
      'foi solícito|foi solícita|foram solícitos|foram solícitas|é solícito|é solícita|são solícitos|super solícito|super solícita|muito solícito|muito solícita|muito solícitos|bem solícito|bem solícita|gente boa|acima da média|sem igual',
    ],
    [
      2.5,
      'foi um amor|é um amor|são uns amores|foram uns amores|um amor de pessoa|são demais|é demais|foi demais|foram demais|mandou bem|mandaram bem|mandou muito bem|mandaram muito bem|fora de série|fora de serie',
    ],
    [
      2,
      'nada a reclamar|sem reclamações|mal posso esperar|não vejo a hora|salvou meu dia|salvaram meu dia|fez toda a diferença|muito bem atendido|muito bem atendida',
    ],
    [
      2.5,
      'não tenho do que reclamar|não tenho o que reclamar|não sei como agradecer|não sei nem como agradecer|nem sei como agradecer|não tenho palavras|não tem pra ninguém|não tem para ninguém|não erram uma|não erra uma|ninguém faz igual|ninguém bate|impossível não amar|impossível não gostar|impossível não recomendar|não me arrependo|não me arrependi|não troco por nada|não troco vocês por nada|não vivo mais sem|absurdo de bom|absurdo de gostoso|absurdo de lindo|sinistro de bom|surreal de bom|ridículo de bom|pecado de gostoso|nota máxima|nota 10|nota dez|nota mil|nota cem|nota 1000|show de bola|cinco estrelas|5 estrelas|superou as expectativas|superou minhas expectativas|acima das expectativas|problema resolvido|problema solucionado|deu tudo certo|tudo resolvido|tudo certinho|de parabéns',
    ],
  ],
  negators: [
    [4, 'não|nunca|jamais|ninguém|nenhum|nenhuma'],
    [3, 'nem|tampouco|sequer|nem um pouco|em nenhum momento'],
    // Counterfactuals: "poderia ser mais rápida" says it was not.
    [
      3,
      'poderia ser|deveria ser|podia ser|devia ser|poderia ter sido|deveria ter sido|podia ter sido|devia ter sido|poderiam ser|deveriam ser',
    ],
    [2, 'nada|sem|falta de|zero'],
    [1, 'pouco|pouca|poucos|poucas'],
  ],
  // "Ainda não", "até agora não": the customer is still waiting, worse than a plain "não".
  negatorsWithPenalty: [
    [
      3,
      -0.7,
      'ainda não|até agora não|até hoje não|ainda nem|continua sem|continuo sem|ainda sem|ainda estou sem|segue sem',
    ],
  ],
  intensifiers: [
    [
      1.5,
      'muito|muita|muitos|muitas|totalmente|completamente|absolutamente|simplesmente|profundamente|altamente',
    ],
    [1.6, 'super|mega|ultra|hiper|superr'],
    [1.8, 'extremamente|absurdamente|incrivelmente|terrivelmente|muitíssimo'],
    [1.3, 'realmente|bastante|tão|tanto|bem mais|muito mais|ainda mais|sempre|tremendamente'],
    [1.1, 'mais'],
    // Hypothetical: "seria ótimo se…" wishes for something that is not there yet.
    [0.3, 'seria|seriam|ficaria|ficariam|estaria|estariam'],
    [0.6, 'um pouco|um pouquinho|meio|levemente|ligeiramente|razoavelmente|relativamente|quase|meio que'],
  ],
  postIntensifiers: [
    [1.5, 'demais|pra caramba|pra caralho|para caramba|pra valer|de verdade|à beça'],
    [1.3, 'o tempo todo|toda hora|até hoje|até agora|mesmo|sempre'],
  ],
  contrasts:
    'mas|porém|contudo|entretanto|todavia|só que|no entanto|mesmo assim|apesar disso|só achei|só acho|só achamos|o único problema|a única coisa|só faltou|só não gostei',
  concessives: 'apesar de|apesar do|apesar da|apesar dos|apesar das|embora|mesmo com|mesmo que|ainda que',
  // Words that LeIA scores but that carry no opinion in a support queue, and greetings.
  neutral:
    'bom dia|boa tarde|boa noite|bom fim de semana|boa semana|bom final de semana|por favor|nota fiscal|segunda via|boa parte|bem como|de nada|por nada|não há de que|não sei|meio de pagamento|meios de pagamento|por meio|no meio|tanto faz|tudo bem com vocês|tudo bom com vocês|tudo certo com vocês|e aí|bem vindo|bem vinda|caso contrário|mais tarde|mais cedo|mais informações|mais detalhes|o mais rápido possível|o quanto antes|assim que possível|boa sorte|livre|grátis|garantia|valor|valores|crédito|seguro|segurança|favor|claro|sim|verdade|certo|possível|ajuda|ajudar|socorro|dúvida|dúvidas|caro cliente|pergunta|urgente|urgência|emergência|importante|cancelar|cancelado|cancelada|cancelamento|pagamento|dívida|bloqueio|limite|conta|plano|abraço|abraços|beijos|rir|piada|jogo|cara|pena|sorte|desconto|promoção|oferta|bônus|prêmio|premium|ganhar|ganhei|melhor horário|o mais breve possível|breve|atenciosamente|ok|okay|aguardo|fico no aguardo|nunca vi|nunca tinha visto|jamais vi|espero|esperava|esperamos|justiça|processo|sério|senhor|senhora|querido|querida|amigo|amiga|nenhuma novidade|alguma novidade|novidade|novidades|oi|olá|tchau|bem vindos|pode ser|tudo|atenção|ideia|ideias|aviso|avisos|anexo|presente|feriado|funcionamento|aprovado|aprovada|desejo|amor|pelo amor de deus|gosta|gostaria|ganhou|aumentar|aceitar|rápido por favor|seja rápido|sejam rápidos|mais rápido possível|o mais rápido|joia',
});
