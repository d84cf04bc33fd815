import type { Intent, Language } from './enums.ts';
import { PT_LEXICON } from './lexicon/pt.ts';
import { analyzeSentiment, normalizeWords, type SentimentResult } from './sentiment.ts';
import { scoreUrgency, type UrgencyResult } from './urgency.ts';

/**
 * Message intent by ordered rules over the normalized text (folded, abbreviations expanded) and
 * the sentiment. What separates neighbouring labels:
 * - question: how things work in general ("Vocês entregam aos sábados?");
 *   inquiry: the state of the customer's own case ("Meu reembolso já caiu?").
 * - request: asks for an action ("Me enviem a segunda via");
 *   support: reports something technical that does not work ("O app não abre").
 * - information: hands over data ("Segue o comprovante", "Meu CPF é …");
 *   feedback: suggests an improvement ("Seria bom ter modo escuro").
 * - complaint / compliment: an opinion about the service, negative / positive.
 * - urgent: time pressure or a stopped business; unknown: off-topic or gibberish.
 */

export interface IntentResult {
  readonly intent: Intent;
  /** Name of the rule that decided (for explanations and confidence). */
  readonly rule: string;
  /** Whether a specific cue fired (true) or the label is a fallback (false). */
  readonly cue: boolean;
}

const re = (source: string) => new RegExp(source);

// Greetings and farewells are recognised when nothing else is said.
const GREETING_WORDS = re(
  '^(?:oi+e*|ola|alo|opa|ei|eai|eae|iai|e ai|fala ai|fala|salve|boas|saudacoes|(?:tem )?alguem (?:ai|online|na linha|ai me atendendo)|como (?:voces|voce) (?:estao|esta|vao|vai)|hey|hello|hi|hola|bom dia|boa tarde|boa noite|buenos dias|buenas tardes|buenas noches|buen dia|good morning|good afternoon|good evening|tudo bem|tudo bom|tudo certo|tudo joia|tudo tranquilo|como vai|como voce esta|como vao|beleza|salve|bonjour|hallo|ciao|buongiorno)\\b',
);
const GREETING_FILLER = re(
  '^(?:(?:equipe|pessoal|time|galera)(?: d[eoa] \\w+)?(?: d[eoa] \\w+)?|(?:da|do) (?!pra\\b|para\\b)(?:empresa |loja )?[a-z]+|espero que (?:\\w+ )?(?:esteja|estejam|estejam todos|esteja tudo) bem|sou cliente(?: de voces| da \\w+| do \\w+| ha \\w+ \\w+)?|(?:meu nome e|me chamo|aqui e (?:o|a)|aqui quem fala e (?:o|a)|sou (?:o|a)|quem fala e (?:o|a)) [a-z]+(?: [a-z]+)?|alguem (?:pode|poderia|consegue|disponivel para) me atender|alguem (?:ai|online|disponivel)|(?:estou|to) (?:por aqui|aqui|online|na linha|aguardando atendimento)|gente|a todos|todos|com voces|com voce|ai|por ai|amigo|amiga|moca|moco|senhor|senhora|suporte|atendente|tudo|bem|e|team|there|everyone|a todos|que tal)\\b',
);
const FAREWELL = re(
  '\\b(?:tchau|tchauzinho|tchauu|xau|bjs|bjos|beijinhos?|abracinhos?|ate mais(?! tarde| cedo)|ate logo|ate breve|ate a proxima|ate amanha|ate segunda|falou|flw|um abraco|abraco|abracos|beijos|era so isso|era so (?:essa|esse|essas|esses)|era isso|e isso ai|e so isso|isso e tudo|so isso mesmo|so isso|pode encerrar|pode finalizar|pode fechar|podem encerrar|podem finalizar|encerrando|encerrar o atendimento|finalizar o atendimento|tenham? (?:um|uma) (?:bom|boa|otimo|otima|excelente|lindo|linda|feliz) \\w+|bom descanso|tmj|boas festas|feliz (?:natal|ano novo|pascoa)|(?:deus|que deus) (?:te |lhe |vos )?abencoe|depois (?:eu )?(?:volto|falo|continuo|chamo|retorno|te chamo)|(?:qualquer coisa|se precisar|qq coisa) (?:eu )?(?:volto|chamo|aviso|retorno|falo|mando)|(?:preciso|tenho que|vou ter que|vou precisar) (?:ir|sair)|vou desligar|bom fim de semana|boa semana|fico por aqui|por hoje e so|bye|goodbye|see you|adios|hasta luego|hasta pronto|chau|au revoir|tschuss|arrivederci)\\b',
);
// Thanks and acknowledgements: a message made only of these closes the conversation.
const THANKS_ONLY = re(
  '^(?:(?:muito|muitissimo|mt|mto|super|obrigado|obrigada|obrigadao|brigadao|de|sempre|toda|paciencia|disponibilidade|novamente|hoje|mais|uma|vez|valeu|agradeco|grato|grata|pela|pelo|por|ajuda|atencao|retorno|tudo|beleza|ok|okay|certo|perfeito|entendi|combinado|show|blz|beleza|sim|entao|ai|aqui|mesmo|otimo|maravilha|legal|top|joia|bom|tudo|tranquilo|resolvido|thanks|thank|you|so|much|gracias|muchas|merci|danke|grazie|[.,!?])\\s*)+$',
);
const GIBBERISH_WORDS = re(
  '^(?:k+|(?:ha)+h?|(?:he)+h?|(?:hue)+|(?:rs)+|bla|blabla|blablabla|teste|testando|test|testing|hmm+|hum+|aff|ue|oxe|eita|lol|asdf\\w*|qwe\\w*|[.,!?;:])$',
);

// Domain vocabulary: a question or statement without any of it is off-topic ("Qual seu signo?").
const DOMAIN = re(
  '\\b(?:pedid|compr|produt|entreg|fret|pag|bolet|fatur|cobr|pix|cart[ao]|(?<!me |nos )conta\\b(?! (?:uma|um|pra|para|ai|algo|alguma|outra)\\b)|contas\\b|senh|login|logar|acess|cadastr|app\\b|aplicativ|site|sistem|loja|atend|suport|chamad|protocol|reembols|estorn|troc|devol|garant|nota\\b|fiscal|assinatur|plano|internet|sinal|rotead|modem|maquin|tecnic|visita|instal|servic|prec|valor|descont|cupom|promoc|prazo|rastre|correio|transport|enderec|cpf|cnpj|e-?mail|mail\\b|telefon|celular|codig|sms|erro|problem|funcion|cancel|contrat|parcel|juros|saldo|limite|credit|debit|transfer|deposit|recib|comprovant|modelo|tamanh|estoque|horario|feriado|(?:abre|abrem|abrir|fecha|fecham)\\b|unidade|filial|agencia|empresa|equipe|vend|envi|receb|client|consult|agend|reserva|voo|passagem|tarifa|recarga|chip|linha|portabil|fibra|wi-?fi|token|usuari|perfil|atualiz|versao|download|baix|arquivo|relatori|painel|servidor|integra|dados|backup|mercadoria|encomenda|embalag|camis|roupa|sapato|geladeira|fogao|tv\\b|televis|notebook|computador|impressora|dinheiro|reais|taxa|multa|vencimento|segunda via|nf\\b|order|refund|invoice|delivery|payment|account|password|pedido|factura|envio|cuenta|contrasena|reembolso|commande|bestellung|ordine)',
);

const LEGAL_OR_REGULATOR = re(
  '\\b(?:procon|reclame aqui|reclameaqui|consumidor gov|advogad[oa]|processar|processo judicial|acao judicial|justica|juizado|pequenas causas|danos morais|anatel|aneel|anac|bacen|banco central|ouvidoria|defesa do consumidor|denunciar|denuncia|vou reclamar|reclamar no|reclamacao formal)\\b',
);
const FEEDBACK = re(
  '\\b(?:sugestao|sugestoes|sugiro|sugerir|sugerimos|fica a dica|uma dica|dica|que tal|seria (?:bom|legal|otimo|interessante|util|bacana|melhor|ideal|incrivel|muito bom|bem legal|bem melhor|excelente|perfeito|importante)|seria bom se|poderia(?:m)? (?:ter|ser|melhorar|colocar|adicionar|criar|oferecer|incluir|disponibilizar|facilitar|aceitar|deixar|mudar|investir|permitir|voltar|ampliar|aumentar|diminuir|simplificar|mandar|enviar)|podiam (?!me\\b|nos\\b)|deveriam|deveria (?:ter|ser|haver)|acho que (?:o|a|os|as|voces|deveria|poderia|seria|precisa|falta)|gostaria que (?:tivesse|houvesse|voces|fosse|o|a|os|as)|falta (?:um|uma|opcao)|melhorem|precisa(?:m)? melhorar|na minha opiniao|minha opiniao|minha sugestao|precisava ter|precisa ter|precisaria ter|deveria existir|poderia existir|devia|deviam|senti falta|sinto falta|faltou (?:um|uma|opcao)|falta mais|por que (?:voces )?nao (?:colocam|criam|fazem|oferecem|aceitam|tem|disponibilizam|abrem|mandam|lancam|vendem)|bem que (?:voces )?(?:podiam|poderiam)|o ideal seria|ideal seria|uma ideia|ideia|minha dica|adoraria (?:se|que|ter|poder)|tinham que|tinha que ter|teria que ter|era bom ter|seria top|ficaria (?:melhor|bom|otimo|legal)|estaria melhor|recomendo que|gostaria de ver|queria que (?:voces|o|a|os|as|tivesse|houvesse|fosse)|it would be nice|you should|suggestion|seria bueno|sugerencia)\\b',
);
// Judging how the product is designed (not a fault, not a service failure): feedback.
const DESIGN_OPINION = re(
  '\\b(?:confus[oa]s?|complicad[oa]s?|pouco intuitiv[oa]s?|nada intuitiv[oa]s?|nao (?:e|eh) intuitiv[oa]|dificil de (?:usar|entender|achar|encontrar|navegar|mexer)|poluid[oa]s?|feio|feia|antigo demais|desatualizad[oa]|pequen[oa]s demais|muito pequen[oa]s?|miud[oa]s?|ilegive(?:l|is)|dificil de ler|apagad[oa]s?|(?:antig[oa]|anterior) (?:era|e|ficava) (?:bem )?(?:melhor|mais)|preferia (?:o|a) (?:antig|anterior|versao)\\w*|era melhor antes|antes era melhor|mais (?:facil|dificil|simples|complicad[oa]) de (?:usar|mexer|entender|navegar)|escur[oa]s? demais|clar[oa]s? demais)\\b',
);
const DESIGN_SUBJECT = re(
  '\\b(?:site|app|aplicativo|menu|menus|layout|tela|telas|versao|interface|navegacao|design|visual|cardapio|catalogo|painel|fatura|boleto|contrato|processo|cadastro|checkout|carrinho|busca|pagina|botao|botoes|icones?|fonte|letra)\\b',
);
// "O site poderia mostrar o prazo": the product could do something (not "poderia me enviar").
const COULD_DO = re(
  '\\b(?:poderia|poderiam|podia|podiam|deveria|deveriam)\\s+(?!me\\b|nos\\b|te\\b)(?:\\w+\\s+)?\\w+(?:ar|er|ir)\\b',
);
const TECH = re(
  '\\b(?:(?:nao|nunca|sem) (?:\\w+ )?(?:(?:esta|estao|estou|fica|ficam) (?:sendo )?)?(?:funciona|sintoniza|sintonizando|gerad[oa]|emitid[oa]|carregad[oa]|enviad[oa]|reconhecid[oa]|conseguindo|consegue|conseguem|funcionam|abrem|carregam|conectam|ligam|aparecem|reconhecem|funcionando|funcionou|abre|abriu|carrega|carregando|liga|ligando|conecta|conectando|entra|entrando|aparece|apareceu|gera|gerando|deixa|aceita|aceitando|recebo|recebi|recebendo|consigo|consegui|sincroniza|imprime|envia|enviando|atualiza|baixa|toca|completa|reconhece|inicia|acessa|acessar|logar|entrar|emite|emitindo|processa|finaliza|conclui|responde|reconhecendo|lendo|le|respondendo|abrindo|aparecendo|imprimindo|sincronizando|atualizando|baixando|tocando|completando|iniciando|acessando|logando|processando|finalizando|concluindo|salvando|salva|pagando|paga)|(?:fecha|fechando|desliga|desligando|reinicia|reiniciando|apaga|apagando|trava|travando) sozinh[oa]s?|erro|erros|bug|falha|falhando|travando|travou|trava|travado|travada|caiu|fora do ar|piscando|desligando|reiniciando|desconectando|oscilando|instavel|lento|lenta|lentidao|sem sinal|sem internet|sem conexao|sem sistema|sem (?:imagem|som|audio|video|tom|rede|servico)|parou|(?:fica|vive|ficam|vivem) (?:carregando|travando|travado|travada|girando|offline|desconectando|reiniciando|caindo|desligando|piscando|oscilando)|(?:reinicia|reiniciando|desliga|desligando|cai|caindo|trava|travando) (?:toda hora|o tempo todo|direto|sempre|a toda hora)|esquenta|esquentando|superaquece|vazando|barulho|(?:codigo|sms|email|e mail|token|senha|mensagem|notificacao)\\b.{0,40}\\bnao (?:\\w+ )?(?:chega|chegou|chegando|vem|veio)|(?:pix|pagamento|transferencia|deposito)\\b.{0,30}\\bnao (?:\\w+ )?(?:cai|caindo|caiu|entra|entrou|compensa|compensou)|chiado|chiando|picotad[oa]|picotando|distorcid[oa]|(?:som|imagem|audio|video|sinal) (?:\\w+ )?(?:cortando|falhando|oscilando|sumindo)|(?:cai|caindo|trava|travando|desliga|desligando|reinicia) (?:toda vez|todo dia|quando chove|com frequencia|varias vezes|do nada)|tela (?:\\w+ )?(?:preta|branca|azul|congelad[oa]|travad[oa]|piscando|em branco)|parou de funcionar|deixou de funcionar|invalido|invalida|expirado|expirou|bloqueado|bloqueada|recusado|recusada|nao reconhece|not working|does not work|can not|crash|crashes|no funciona|no puedo|no carga)\\b',
);
// "A máquina de lavar não centrifuga": a device or service, then a negated verb of what it does.
const DEVICE_FAULT = re(
  '\\b(?:maquina|maquininha|aparelho|celular|telefone|tv|televisao|geladeira|freezer|fogao|forno|microondas|notebook|computador|pc|impressora|roteador|modem|controle|app|aplicativo|site|sistema|tela|camera|fone|carregador|bateria|cartao|chip|internet|wifi|wi fi|sinal|ar condicionado|ar|leitor|teclado|mouse|som|caixa de som|relogio|carro|bluetooth|senha|login|boleto|pix|codigo|tablet|console|video game|lavadora|secadora|ventilador|chuveiro|torneira|fechadura|portao|alarme|camera|balanca|maquina de lavar)\\b(?:\\s+\\w+){0,4}?\\s+(?:nao|nunca) (?:mais )?(?!tem\\b|tinha\\b|e\\b|era\\b|foi\\b|sao\\b|vem\\b|veio\\b|chegou\\b|esta\\b|estao\\b|ficou\\b|combina\\b|serve\\b|cabe\\b|vale\\b|compensa\\b)\\w+(?:a|e|am|em|ou|aram|eram)\\b',
);
// Technical words whose negativity describes a fault rather than judging the service.
const TECH_TERMS = new Set(
  'erro|erros|falha|falhas|falhou|falhando|bug|bugs|bugado|bugou|trava|travou|travando|travado|travada|travam|travamento|travamentos|problema|problemas|lento|lenta|lentidao|fora do ar|sem sinal|sem internet|parou de funcionar|deixou de funcionar|recusado|recusada|recusou|bloqueado|bloqueada|sumiu|perdi|parado|parada|continua|persiste|caiu|o sistema caiu|o site caiu|o app caiu|o aplicativo caiu|a internet caiu|o sinal caiu|a ligacao caiu|caiu a ligacao|caiu a internet'.split(
    '|',
  ),
);
const HOW_TO = re(
  '(?:^|[.?!] )(?:como (?:faco|faz|faco para|posso|eu|consigo|altero|troco|mudo|cancelo|pago|acesso|funciona|solicito|peco|emito|gero|vejo|sei|devo|que)|o que (?:eu )?(?:faco|preciso|devo)|what should i|how do i|how can i|como puedo|como hago)\\b',
);
const STATUS = re(
  '\\b(?:novidade|novidades|previsao|status|andamento|atualizacao|situacao|posicao|alguma resposta|algum retorno|ja (?:foi|foram|saiu|chegou|esta|estao|tem|teve|caiu|\\w+(?:aram|eram|iram))|quando (?:vai|vao|chega|chegam|cai|sai|fica|ficara|sera|estara|vou receber|recebo|posso esperar|o tecnico)|quando (?:meu|minha|meus|minhas|o|a) (?:\\w+ ){0,3}(?:chega|chegam|chegara|vai chegar|vao chegar|fica pront[oa]|sai|cai|vem|vai ser|sera|vai ficar)|(?:voces|vcs) (?:ja )?(?:conseguiram|resolveram|verificaram|analisaram|viram|receberam|olharam|aprovaram|liberaram|enviaram|mandaram|fizeram|processaram|acharam|localizaram)|cade|ate quando|quanto tempo (?:falta|ainda|mais)|(?:foi|foram) (?:\\w+ados?|\\w+adas?|\\w+idos?|\\w+idas?|entregue|entregues)|esta a caminho|em que pe|any update|status of|novedad|estado de mi)\\b',
);
const OWN_CASE = re(
  '\\b(?:meu|minha|meus|minhas|o|a|my|mi) (?:pedido|pedidos|reembolso|estorno|chamado|caso|solicitacao|protocolo|cadastro|entrega|encomenda|troca|devolucao|cancelamento|pagamento|reclamacao|ticket|instalacao|visita|tecnico|portabilidade|compra|transferencia|contestacao|credito|analise|order|refund|ticket|case)\\b|\\b(?:pedido|chamado|protocolo|ticket|order) (?:n |numero |no |#)?\\d+',
);
// Informal imperatives ("Cancela minha assinatura") count at the start of a sentence or after "por favor".
const INFORMAL_IMPERATIVE = re(
  '(?:^|[.,!?] |por favor )(?:me |nos )?(?:cancela|manda|envia|reenvia|libera|muda|altera|atualiza|gera|emite|agenda|remarca|passa|liga|transfere|estorna|devolve|desbloqueia|bloqueia|verifica|corrige|troca)\\b',
);
// Praise announced as an action: "Quero elogiar a Ana" is a compliment, not a request.
// "chegou o código, valeu", "consegui pagar pelo pix": good news of the customer's own case.
const OWN_GOOD_NEWS = re(
  '\\b(?:chegou|chegaram|recebi|recebemos|consegui|conseguimos|deu certo|deu bom|funcionou|voltou a funcionar|voltou|ja paguei|paguei|fiz o pagamento|caiu (?:o|a) (?:pix|estorno|reembolso|dinheiro|valor|pagamento))\\b',
);
// …unless it praises us or the product outright (then it is a compliment).
const PRAISE_OF_US = re(
  '\\b(?:parabens|voces sao|vcs sao|voce e|equipe|atendiment\\w*|atendente|recomend\\w*|nota (?:10|dez|mil)|melhor (?:loja|empresa|atendimento|entrega|compra)|mais rapid\\w*|rapidinho|rapido|rapida|antes do prazo|amei|adorei|excelente|perfeit[oa]|incrivel|sensacional|impecave\\w*|caprich\\w*|lind[oa])\\b',
);
// "obrigado e boa noite pra você": thanks closed with a wish.
const CLOSING_WISH = re(
  '\\b(?:(?:uma|um) )?(?:boa|bom|otima|otimo|excelente|feliz) (?:noite|tarde|dia|semana|fim de semana|fds|descanso|feriado|domingo|sabado|sexta|trabalho|plantao|festas)(?: (?:pra|para|a|ao) (?:voce|voces|vc|vcs|equipe|todos|a equipe|equipe toda|toda a equipe|todo mundo|pessoal|o pessoal))?(?: (?:toda|tambem))?\\s*[.!]*\\s*$',
);
/** Who writes: a name, a role, on whose behalf ("sou a mãe do Pedro", "to falando pela empresa X"). */
const INTRODUCTION = re(
  '\\b(?:meu nome e|me chamo|aqui e (?:o|a|da|do)|aqui quem fala|quem fala e|sou (?:o|a|da|do|cliente|responsavel|mae|pai|filh[oa]|esposa|marido)|(?:estou|to) (?:falando|escrevendo|ligando) (?:pel[oa]|em nome|da|do|de)|falo (?:pel[oa]|em nome|da|do)|em nome d[aeo])\\b',
);
/**
 * Only who writes: the introduction's clause and at most a short tag ("…, da padaria"); "falo
 * pela empresa X, vocês esqueceram de emitir a nota" says more than that.
 */
function introductionOnly(rest: string): boolean {
  const intro = INTRODUCTION.exec(rest);
  if (!intro) return false;
  const after = rest.slice(intro.index + intro[0].length);
  const clauseEnd = after.search(/[,.;:!?\n]/);
  const clause = clauseEnd < 0 ? after : after.slice(0, clauseEnd);
  const tail = clauseEnd < 0 ? '' : after.slice(clauseEnd);
  return words(clause).length <= 6 && words(tail).length <= 3;
}
const THANKS = re('\\b(?:obrigad[oa]s?|obrigadao|brigad[oa]|brigadao|valeu|vlw|agradeco|grato|grata)\\b');
// "foi um amor, qual o nome dela?": a staff member's name asked after praise, to hand it on.
const NAME_ASKED = re(
  '\\b(?:(?:qual (?:e )?o nome|como (?:se )?chama) d(?:a|o) (?:moca|moco|rapaz|menina|menino|atendente|entregador[a]?|motoboy|tecnic[oa]|vendedor[a]?|senhor[a]?|funcionari[oa]|garcom|garconete|caixa|motorista|instalador[a]?|montador|medic[oa]|enfermeir[oa]|dentista|professor[a]?|cabeleireir[oa]|manicure)|quem (?:foi|era) (?:que |q )?(?:me )?(?:atendeu|embalou|entregou|montou|instalou|fez|preparou|cuidou))\\b',
);
// Praise handed on: asking where or to whom, or asking the company to pass it on.
const PRAISE_ACT = re(
  '\\b(?:elogiar|parabenizar|(?:deixar|registrar|mandar|fazer) (?:um |meu |uma )?elogio|(?:deixar|dar|dou|daria|dava) (?:5|6|10|cinco|seis|dez|mil) estrelas|merece (?:um |uma )?(?:aumento|promocao|premio|medalha|estrela)|deem (?:um )?aumento|mand(?:a|em|e) (?:um )?(?:beijo|abraco)|agradecam (?:a|o|ela|ele)|onde (?:eu )?(?:deixo|faco|posso deixar) (?:uma )?avaliac\\w*)\\b',
);
const WANTS_TO_KNOW = re(
  '\\b(?:gostaria de saber|queria saber|quero saber|preciso saber|poderia(?:m)? me informar|me informe|me digam)\\b',
);
const INTERROGATIVE_START = re(
  '^(?:como|qual|quais|quanto|quantos|quantas|quando (?:vai|vao|chega|sera|posso|devo|fica|abre|sai|voces)|onde|por que|porque|o que|quem|tem como|e possivel|sera que|aceitam|existe|ha|posso|pode|podem|da para|what|how|when|where|why|do you|can i|is there|cual|cuanto|donde|cuando|puedo)\\b',
);
const REQUEST = re(
  '\\b(?:quero|queria|preciso|precisava|precisamos|gostaria (?:de|do|da|dos|das|que|muito de)|desejo|desejaria|necessito|necessitamos|solicito|solicitar|solicitamos|peco|pedir|requeiro|favor (?:enviar|mandar|cancelar|verificar|corrigir|ligar|retornar|providenciar)|(?:me|nos) (?:envie|enviem|envia|mande|mandem|manda|passe|passem|passa|ligue|liguem|liga|retorne|retornem|ajude|ajudem|ajuda|encaminhe|encaminhem|transfira|transfiram|reembolsem|devolvam)|(?:(?:pode|podem|poderia|poderiam|consegue|conseguem) |(?:da|daria) (?:para|pra) (?=me |nos ))(?:me |nos )?(?:enviar|mandar|cancelar|trocar|alterar|mudar|verificar|ligar|retornar|ajudar|passar|emitir|gerar|estornar|reembolsar|agendar|transferir|reenviar|atualizar|corrigir|liberar|desbloquear|resetar|resolver|encaminhar|informar|remarcar|reativar|excluir|apagar)|(?:re)?envie|(?:re)?enviem|mande|mandem|cancele|cancelem|bloqueie|bloqueiem|libere|liberem|troque|troquem|verifique|verifiquem|corrija|corrijam|estorne|estornem|devolva|devolvam|transfira|transfiram|atualize|atualizem|altere|alterem|agende|agendem|remarque|remarquem|emita|emitam|providencie|providenciem|desbloqueie|desbloqueiem|reative|reativem|favor \\w+(?:ar|er|ir)|preciso que|(?:solicitacao|pedido|requerimento) de (?:cancelamento|estorno|reembolso|troca|devolucao|portabilidade|segunda via|visita|instalacao|transferencia|alteracao|mudanca|reativacao|desbloqueio|exclusao|upgrade|downgrade)|i want|i need|i would like|please send|please cancel|quiero|necesito|quisiera|je veux|ich mochte|vorrei|voglio)\\b',
);
const INFORMATION = re(
  '\\b(?:segue|seguem|em anexo|anexo|anexei|anexado|anexada|estou enviando|envio (?:o|a|os|as)|(?:meu|minha) (?:cpf|cnpj|email|e mail|telefone|celular|endereco|nome|numero|cep|rg|matricula|conta|agencia|placa|pedido|protocolo|data de nascimento)(?: \\w+)? (?:e|eh)\\b|(?:o|a) (?:numero|modelo|codigo|protocolo|pedido|valor|cupom|serial|endereco|cep|cor|marca|placa|data|chave)(?: \\w+){0,2} (?:e|eh)\\b|(?:a|o) compra foi|comprei (?:no|na|em|pelo|pela|o|a|um|uma|ontem|hoje|semana)|usei o cupom|paguei (?:com|no|na|via|por|pelo|pela|ontem|hoje)|esta em nome|no nome (?:da|do|de)|so para (?:registrar|informar|constar|avisar)|(?:vou|vamos) estar (?:viajando|fora|em casa|ausente|disponivel|trabalhando)|estarei (?:fora|viajando|em casa|ausente|disponivel)|nao (?:vou|vamos) estar em casa|(?:estou|vou) viajar|(?:estou|vou estar) de ferias|para constar|para registro|informo que|gostaria de informar|aviso que|estou avisando|fiz o pagamento|ja paguei|efetuei|realizei|moro (?:em|no|na)|trabalho (?:em|no|na)|a nota fiscal (?:esta|foi|saiu)|o pagamento foi feito|foi feita? (?:no|na|em|pelo|pela)|here is|attached|adjunto)\\b',
);
// Handing over a document outweighs the complaint it illustrates ("Anexei a foto do produto danificado").
const ATTACHMENT = re(
  '\\b(?:segue|seguem|em anexo|anexo|anexei|anexado|anexada|estou enviando|estou mandando|vou mandar|vou enviar|te envio|envio em anexo|segue abaixo|mandei (?:a|o)|enviei (?:a|o))\\b',
);
const ATTACHMENT_FIRST = re(
  '^(?:(?:eu|ja|aqui|entao|ok|certo|bom)\\s+)?(?:segue|seguem|em anexo|anexo|anexei|anexando|estou enviando|estou mandando|to mandando|to enviando|vou mandar|vou enviar|te envio|envio em anexo|mandei|enviei|mando|envio)\\b',
);
const CAPABILITY = re(
  '^(?:(?:o|a|os|as|voces|vcs|esse|essa|este|esta) )?(?:\\w+ )?(?:cobre|cobrem|aceita|aceitam|troca|trocam|conserta|consertam|faz|fazem|atende|atendem|vende|vendem|entrega|entregam|inclui|incluem|repara|reparam|garante|garantem|reembolsa|reembolsam|aceitaria|cobriria)\\b',
);
// "Preciso levar algum documento?": asking what is required.
const REQUIREMENT_QUESTION = re(
  '^(?:eu )?(?:preciso|precisa|precisamos|tenho que|temos que|devo|e preciso|e necessario)\\b[^?]*\\?\\s*$',
);
const POLITE_REQUEST = re(
  '\\b(?:pode|podem|poderia|poderiam|consegue|conseguem|gostaria|por favor|por gentileza|favor|preciso que|solicito)\\b',
);
const WH_START = re('^(?:qual|quais|quanto|quantos|quantas|o que|que|onde|como|quando|por que|porque)\\b');
const POSSESSIVE = re('\\b(?:meu|minha|meus|minhas|my|mi)\\b');
const URGENT_WORD = re(
  '\\b(?:urgente|urgencia|emergencia|socorro|imediatamente|agora|ja|rapido|asap|urgent)\\b',
);
const CHIT_CHAT = re('^(?:me )?(?:indica|recomenda|conta|fala|diz|explica|ensina)\\b');
const GENERAL_LIKING = re('^(?:eu )?(?:gosto|adoro|amo|curto|prefiro|sou fa|torco)\\b');
// What a compliment is about: us, our people, our service (besides the DOMAIN vocabulary).
const ABOUT_US = re(
  '\\b(?:voces|voce|vcs|vc|equipe|time|pessoal|atendiment\\w*|atendente|servico|experiencia|trabalho|ajuda|suporte|obrigad[oa]|parabens|agradec\\w*|recomend\\w*|elogi\\w*|nota|estrelas|resolv\\w*|rapid\\w*|tudo|isso|aqui)\\b',
);
const DATA =
  /[\w.+-]+@[\w-]+\.[\w.]+|\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b|\b\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}\b|\(?\d{2}\)?\s?9?\d{4}-?\d{4}\b|R\$\s?\d/;

/** Known words (lexicon or domain): a message of unknown short words is gibberish. */
function isKnownWord(word: string): boolean {
  return (
    PT_LEXICON.entries.has(word) ||
    (PT_LEXICON.fallback?.has(word) ?? false) ||
    DOMAIN.test(word) ||
    FAREWELL.test(word) ||
    GREETING_WORDS.test(word)
  );
}

function words(normalized: string): string[] {
  return normalized.split(' ').filter((w) => w && !/^[.,!?;:\n]$/.test(w));
}

function isGibberish(normalized: string): boolean {
  const list = words(normalized);
  if (list.length === 0) return true;
  if (list.every((w) => GIBBERISH_WORDS.test(w))) return true;
  // One or two unknown words without vowels or any known word ("asdfgh", "xpto qwr").
  return list.length <= 2 && list.every((w) => !isKnownWord(w) && (w.length > 5 || !/[aeiou]/.test(w)));
}

/** Removes leading greetings ("oi, boa tarde, tudo bem?") and returns the rest. */
function stripGreeting(normalized: string): { greeted: boolean; rest: string } {
  let rest = normalized.trim();
  let greeted = false;
  for (let guard = 0; guard < 8; guard++) {
    rest = rest.replace(/^[.,!?;:\s]+/, '');
    const greeting = GREETING_WORDS.exec(rest);
    if (greeting) {
      greeted = true;
      rest = rest.slice(greeting[0].length);
      continue;
    }
    const filler = greeted ? GREETING_FILLER.exec(rest) : null;
    if (filler) {
      rest = rest.slice(filler[0].length);
      continue;
    }
    break;
  }
  return { greeted, rest: rest.replace(/^[.,!?;:\s]+/, '') };
}

/** Sum of negative weights that judge (rather than describe a technical fault). */
function evaluativeNegativity(sentiment: SentimentResult): number {
  let total = 0;
  for (const e of sentiment.evidence) {
    if (e.weight < 0 && !e.negated && !TECH_TERMS.has(e.term) && e.source !== 'pattern') total -= e.weight;
  }
  return total;
}

export interface IntentOptions {
  readonly lang?: Language;
  /** scoreUrgency(text) when the caller has it already (analyzeMessage does). */
  readonly urgency?: UrgencyResult;
}

/** Intent plus the rule that decided it. */
export function classifyIntentDetailed(
  text: string,
  sentiment: SentimentResult = analyzeSentiment(text),
  options: IntentOptions = {},
): IntentResult {
  const lang = options.lang ?? 'pt-BR';
  const normalized = normalizeWords(text, lang);
  const hit = (rule: string, intent: Intent): IntentResult => ({ intent, rule, cue: true });

  // A waving hand alone ("👋", "🙋‍♀️") says hello; other lone emoji say nothing ("👀").
  if (!words(normalized).length && /^\s*(?:👋|🙋)/u.test(text)) return hit('greeting_wave', 'greeting');
  if (isGibberish(normalized)) return hit('gibberish', 'unknown');
  const { greeted, rest } = stripGreeting(normalized);
  const body = rest || normalized;
  // "Quais documentos preciso…?" asks for information, not for an action.
  const hasRequest =
    (REQUEST.test(body) || INFORMAL_IMPERATIVE.test(body)) &&
    !WANTS_TO_KNOW.test(body) &&
    !WH_START.test(body) &&
    !REQUIREMENT_QUESTION.test(body);
  const hasTech = TECH.test(body) || DEVICE_FAULT.test(body);
  // Goodbye: a farewell or thanks with nothing left to solve ("Obrigado, até mais", "Blz, vlw").
  if (sentiment.sentiment !== 'negative' && !body.includes('?') && !hasRequest && !hasTech) {
    if (FAREWELL.test(body) || THANKS_ONLY.test(normalized)) return hit('farewell', 'goodbye');
  }
  if (
    sentiment.sentiment !== 'negative' &&
    !hasRequest &&
    !hasTech &&
    THANKS.test(body) &&
    CLOSING_WISH.test(body)
  )
    return hit('thanks_and_wish', 'goodbye');
  if (greeted && words(rest).length === 0) return hit('greeting', 'greeting');
  if (greeted && words(rest).length === 1 && !DOMAIN.test(rest)) return hit('greeting_name', 'greeting');

  const isQuestion = body.includes('?') || INTERROGATIVE_START.test(body);
  // A message with praise and a problem is filed by its problem ("a moça foi um amor, mas o boleto
  // não aparece"): none of the labelled mixed messages is a compliment.
  const negativeSide = sentiment.sentiment === 'negative' || sentiment.sentiment === 'mixed';

  // Urgent: strong time pressure alone, or some pressure on top of a problem or a plea for help.
  const urgency = options.urgency ?? scoreUrgency(text);
  const hasProblem = hasTech || negativeSide || hasRequest;
  // "O técnico vem hoje mesmo?": asking when one's own case happens is not pressure by itself.
  const askingWhen =
    isQuestion && !hasProblem && (STATUS.test(body) || OWN_CASE.test(body)) && !URGENT_WORD.test(body);
  if (!askingWhen && (urgency.pressure >= 3 || (urgency.pressure >= 2 && hasProblem)))
    return hit('urgency', 'urgent');

  // Praise handed on, even through the ombudsman ("qual o email da ouvidoria? quero elogiar…").
  if (
    !negativeSide &&
    (PRAISE_ACT.test(body) || (sentiment.sentiment === 'positive' && NAME_ASKED.test(body)))
  )
    return hit('praise', 'compliment');
  if (LEGAL_OR_REGULATOR.test(body)) return hit('threat', 'complaint');
  // "Oi, aqui é a Márcia do 302", "olá, falo pela minha mãe": a hello saying who writes, nothing asked.
  if (greeted && introductionOnly(rest) && !isQuestion && !hasRequest && !hasProblem)
    return hit('greeting_intro', 'greeting');
  const judging = evaluativeNegativity(sentiment);
  if (FEEDBACK.test(body) && judging < 2.5) return hit('suggestion', 'feedback');
  if (!isQuestion && judging < 2.5 && !hasTech) {
    if (DESIGN_OPINION.test(body) && DESIGN_SUBJECT.test(body)) return hit('design_opinion', 'feedback');
    if (COULD_DO.test(body) && DESIGN_SUBJECT.test(body) && !hasRequest) return hit('could_do', 'feedback');
  }
  // "Segue o print do erro": handing over evidence of a fault is information.
  if (ATTACHMENT_FIRST.test(body) && judging < 2.5 && !isQuestion) return hit('attachment', 'information');
  if (hasTech && judging < 2) return hit('malfunction', 'support');
  if (ATTACHMENT.test(body) && judging < 2.5 && !isQuestion) return hit('attachment', 'information');
  // Asking after one's own case stays an inquiry even when impatient ("Cadê meu pedido?").
  // A general "quanto tempo leva a entrega?" names a case word without asking after one's own case.
  const caseStatus =
    (isQuestion || WANTS_TO_KNOW.test(body)) &&
    (STATUS.test(body) || (OWN_CASE.test(body) && (POSSESSIVE.test(body) || !WH_START.test(body))));
  // "Como faço o cadastro?" is a how-to even when it names a case word, unless it is theirs.
  if (HOW_TO.test(body) && !POSSESSIVE.test(body) && judging < 2) return hit('how_to', 'question');
  if (caseStatus && judging < 2) return hit('case_status', 'inquiry');
  // "O seguro cobre tela quebrada?": asking what the service covers, not complaining.
  if (isQuestion && CAPABILITY.test(body) && !POSSESSIVE.test(body) && judging < 2.5)
    return hit('capability_question', 'question');
  // "Poderiam cancelar a cobrança duplicada?": a polite request naming the problem without judging it.
  if (negativeSide && hasRequest && POLITE_REQUEST.test(body) && judging < 2)
    return hit('polite_request', 'request');
  if (negativeSide) return hit('negative_opinion', 'complaint');

  // "quero agradecer a Ana" (the model may still read a request: "agradecer desde já e pedir…").
  if (/\bagradecer\b/.test(body)) return hit('thanks', 'compliment');
  if (HOW_TO.test(body)) return hit('how_to', 'question');
  if (caseStatus) return hit('case_status', 'inquiry');
  if (hasRequest) return hit('action_request', 'request');
  if (isQuestion || WANTS_TO_KNOW.test(body)) {
    // No domain word is an absence of evidence, not a cue: the model's reading counts more.
    return DOMAIN.test(body)
      ? hit('general_question', 'question')
      : { intent: 'unknown', rule: 'off_topic_question', cue: false };
  }
  // "chegou o código, valeu": good news of one's own case, without praise, hands over information.
  if (OWN_GOOD_NEWS.test(body) && !PRAISE_OF_US.test(body)) return hit('good_news', 'information');
  if (sentiment.sentiment === 'positive') {
    // "Gosto de pizza": a liking with nothing of ours in it is small talk.
    if ((GENERAL_LIKING.test(body) || CHIT_CHAT.test(body)) && !DOMAIN.test(body) && !ABOUT_US.test(body))
      return hit('off_topic_opinion', 'unknown');
    return hit('positive_opinion', 'compliment');
  }
  if (INFORMATION.test(body) || DATA.test(text)) return hit('data', 'information');
  if (DOMAIN.test(body) && words(body).length >= 2)
    return { intent: 'information', rule: 'statement', cue: false };
  return { intent: 'unknown', rule: 'no_rule', cue: false };
}

/** One of the message categories (see classifyIntentDetailed for the rule that decided). */
export function classifyIntent(
  text: string,
  sentiment: SentimentResult = analyzeSentiment(text),
  options: IntentOptions = {},
): Intent {
  return classifyIntentDetailed(text, sentiment, options).intent;
}
