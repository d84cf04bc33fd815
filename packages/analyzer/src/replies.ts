import type { Intent, Language, Sentiment } from './enums.ts';

/** What the reply must address, most serious first (a legal threat outranks the intent). */
export type ReplySituation =
  | 'legal'
  | 'churn'
  | 'urgent'
  | 'complaint'
  | 'mixed'
  | 'support'
  | 'inquiry'
  | 'question'
  | 'request'
  | 'information'
  | 'feedback'
  | 'compliment'
  | 'greeting'
  | 'goodbye'
  | 'unknown';

type ReplyLanguage = 'pt-BR' | 'en' | 'es';

const REPLIES: Readonly<Record<ReplySituation, Readonly<Record<ReplyLanguage, readonly string[]>>>> = {
  legal: {
    'pt-BR': [
      'Lamentamos muito a situação. Seu caso foi encaminhado com prioridade à nossa equipe de supervisão, que vai analisá-lo e retornar o contato em até 24 horas.',
      'Entendemos a gravidade do que aconteceu. Um supervisor já está acompanhando seu atendimento e vai propor uma solução definitiva.',
      'Pedimos desculpas pelo transtorno. Registramos sua manifestação com prioridade e gostaríamos de resolver diretamente com você antes de qualquer outra medida.',
    ],
    en: [
      'We are very sorry about this. Your case has been escalated to our supervisors as a priority, and they will get back to you within 24 hours.',
      'We understand how serious this is. A supervisor is now following your case and will propose a definitive solution.',
      'We apologise for the inconvenience. Your complaint has been logged with priority and we would like to resolve it directly with you.',
    ],
    es: [
      'Lamentamos mucho la situación. Su caso fue escalado con prioridad a nuestro equipo de supervisión, que le responderá en hasta 24 horas.',
      'Entendemos la gravedad de lo ocurrido. Un supervisor ya está siguiendo su caso y le propondrá una solución definitiva.',
      'Pedimos disculpas por las molestias. Registramos su reclamo con prioridad y queremos resolverlo directamente con usted.',
    ],
  },
  churn: {
    'pt-BR': [
      'Sentimos muito que você esteja pensando em cancelar. Podemos revisar seu caso agora e buscar uma solução antes disso?',
      'Entendemos sua insatisfação. Vou encaminhar seu caso para a equipe responsável, que pode oferecer alternativas para o seu plano.',
      'Se preferir seguir com o cancelamento, fazemos isso por aqui mesmo. Antes, gostaria de entender o que podemos melhorar.',
    ],
    en: [
      'We are sorry to hear you are thinking of cancelling. Could we review your case now and look for a solution first?',
      'We understand your frustration. I will pass your case to the team that can offer alternatives for your plan.',
      'If you still prefer to cancel, we can do it right here. First, could you tell us what we could do better?',
    ],
    es: [
      'Sentimos mucho que esté pensando en cancelar. ¿Podemos revisar su caso ahora y buscar una solución antes?',
      'Entendemos su insatisfacción. Voy a pasar su caso al equipo que puede ofrecerle alternativas para su plan.',
      'Si prefiere cancelar, lo hacemos por aquí mismo. Antes, ¿podría contarnos qué podemos mejorar?',
    ],
  },
  urgent: {
    'pt-BR': [
      'Entendemos a urgência. Seu atendimento foi priorizado e um especialista vai assumir o caso agora.',
      'Já acionamos a equipe técnica com prioridade máxima. Pode nos confirmar um telefone para contato imediato?',
      'Estamos tratando seu caso como prioridade e daremos retorno assim que tivermos a primeira atualização.',
    ],
    en: [
      'We understand the urgency. Your case has been prioritised and a specialist is taking it over now.',
      'We have alerted the technical team with top priority. Could you confirm a phone number for immediate contact?',
      'We are treating your case as a priority and will update you as soon as we have news.',
    ],
    es: [
      'Entendemos la urgencia. Su caso fue priorizado y un especialista lo está atendiendo ahora.',
      'Ya avisamos al equipo técnico con máxima prioridad. ¿Puede confirmarnos un teléfono para contacto inmediato?',
      'Estamos tratando su caso como prioridad y le daremos novedades en cuanto las tengamos.',
    ],
  },
  complaint: {
    'pt-BR': [
      'Pedimos desculpas pela experiência. Vamos verificar o que aconteceu e retornar com uma solução o mais breve possível.',
      'Lamentamos o transtorno. Pode nos informar o número do pedido ou protocolo para agilizarmos a análise?',
      'Sentimos muito por isso. Seu relato foi registrado e encaminhado à equipe responsável para correção.',
    ],
    en: [
      'We apologise for this experience. We will look into what happened and come back with a solution as soon as possible.',
      'We are sorry for the trouble. Could you share your order or ticket number so we can speed things up?',
      'We are very sorry about this. Your report has been logged and sent to the responsible team.',
    ],
    es: [
      'Pedimos disculpas por la experiencia. Vamos a verificar lo ocurrido y volver con una solución lo antes posible.',
      'Lamentamos las molestias. ¿Puede indicarnos el número de pedido o de caso para agilizar el análisis?',
      'Sentimos mucho lo ocurrido. Su relato fue registrado y enviado al equipo responsable.',
    ],
  },
  mixed: {
    'pt-BR': [
      'Obrigado pelo retorno! Ficamos felizes com o que deu certo e pedimos desculpas pelo que não saiu como esperado; vamos verificar esse ponto.',
      'Agradecemos o comentário. Pode nos contar mais detalhes sobre o problema para resolvermos logo?',
    ],
    en: [
      'Thank you for the feedback! We are glad about what went well and sorry about what did not; we will look into it.',
      'Thanks for letting us know. Could you give us more details about the problem so we can fix it quickly?',
    ],
    es: [
      '¡Gracias por su comentario! Nos alegra lo que salió bien y pedimos disculpas por lo que no; vamos a revisarlo.',
      'Gracias por avisarnos. ¿Puede darnos más detalles del problema para resolverlo pronto?',
    ],
  },
  support: {
    'pt-BR': [
      'Sentimos pelo problema. Pode nos enviar um print da tela ou a mensagem de erro que aparece?',
      'Vamos ajudar. Tente fechar e abrir o aplicativo novamente (ou reiniciar o equipamento) e nos diga se o problema continua.',
      'Já registramos o problema para a equipe técnica. Pode informar o modelo do aparelho e desde quando isso acontece?',
    ],
    en: [
      'Sorry about the problem. Could you send us a screenshot or the error message you see?',
      'We will help. Please try closing and reopening the app (or restarting the device) and tell us if it persists.',
      'We have logged the issue for the technical team. Which device are you using, and since when does it happen?',
    ],
    es: [
      'Sentimos el problema. ¿Puede enviarnos una captura de pantalla o el mensaje de error que aparece?',
      'Vamos a ayudarle. Intente cerrar y abrir la aplicación (o reiniciar el equipo) y díganos si el problema continúa.',
      'Registramos el problema para el equipo técnico. ¿Qué dispositivo usa y desde cuándo ocurre?',
    ],
  },
  inquiry: {
    'pt-BR': [
      'Vou verificar o andamento do seu caso agora mesmo. Pode confirmar o número do pedido ou protocolo?',
      'Obrigado por aguardar. Já consultamos a equipe responsável e retornamos com a atualização em breve.',
    ],
    en: [
      'I will check the status of your case right away. Could you confirm the order or ticket number?',
      'Thank you for waiting. We have asked the responsible team and will update you shortly.',
    ],
    es: [
      'Voy a verificar el estado de su caso ahora mismo. ¿Puede confirmar el número de pedido o de caso?',
      'Gracias por esperar. Ya consultamos al equipo responsable y le daremos novedades en breve.',
    ],
  },
  question: {
    'pt-BR': [
      'Boa pergunta! Vou confirmar a informação e já te respondo.',
      'Claro, podemos ajudar. Para te responder com precisão, pode dar um pouco mais de detalhes?',
    ],
    en: [
      'Good question! Let me confirm the information and I will get right back to you.',
      'Of course, we can help. Could you give us a few more details so we can answer precisely?',
    ],
    es: [
      '¡Buena pregunta! Voy a confirmar la información y enseguida le respondo.',
      'Claro, podemos ayudarle. ¿Puede darnos un poco más de detalle para responderle con precisión?',
    ],
  },
  request: {
    'pt-BR': [
      'Certo! Vamos providenciar sua solicitação e avisamos assim que estiver concluída.',
      'Recebemos seu pedido. Para prosseguir, pode confirmar seu CPF ou o número do cadastro?',
    ],
    en: [
      'Sure! We will take care of your request and let you know as soon as it is done.',
      'We have received your request. To proceed, could you confirm your account number?',
    ],
    es: [
      '¡Claro! Vamos a gestionar su solicitud y le avisamos en cuanto esté lista.',
      'Recibimos su solicitud. Para continuar, ¿puede confirmar su documento o número de cliente?',
    ],
  },
  information: {
    'pt-BR': [
      'Obrigado pela informação! Já registramos no seu atendimento.',
      'Recebido, obrigado. Vamos usar esses dados para dar andamento ao seu caso.',
    ],
    en: [
      'Thank you for the information! It has been added to your case.',
      'Received, thank you. We will use it to move your case forward.',
    ],
    es: [
      '¡Gracias por la información! Ya la registramos en su caso.',
      'Recibido, gracias. Usaremos estos datos para avanzar con su caso.',
    ],
  },
  feedback: {
    'pt-BR': [
      'Obrigado pela sugestão! Vamos encaminhá-la para a equipe de produto.',
      'Adoramos receber ideias como essa. Sua sugestão foi registrada para avaliação.',
    ],
    en: [
      'Thank you for the suggestion! We will pass it on to our product team.',
      'We love ideas like this. Your suggestion has been logged for review.',
    ],
    es: [
      '¡Gracias por la sugerencia! La enviaremos al equipo de producto.',
      'Nos encanta recibir ideas así. Su sugerencia fue registrada para evaluación.',
    ],
  },
  compliment: {
    'pt-BR': [
      'Muito obrigado pelo elogio! Ficamos felizes em ajudar.',
      'Que bom saber disso! Vamos repassar seu elogio para a equipe.',
      'Agradecemos o carinho! Conte sempre com a gente.',
    ],
    en: [
      'Thank you so much for the kind words! We are happy to help.',
      'Great to hear! We will share your compliment with the team.',
      'Thanks a lot! We are always here for you.',
    ],
    es: [
      '¡Muchas gracias por el elogio! Nos alegra ayudar.',
      '¡Qué bueno saberlo! Compartiremos su comentario con el equipo.',
      '¡Gracias! Cuente siempre con nosotros.',
    ],
  },
  greeting: {
    'pt-BR': ['Olá! Tudo bem? Como podemos ajudar?', 'Oi! Seja bem-vindo(a). Em que posso ajudar hoje?'],
    en: ['Hello! How can we help you today?', 'Hi! Welcome. What can I do for you?'],
    es: ['¡Hola! ¿En qué podemos ayudarle?', '¡Hola! Bienvenido(a). ¿Cómo puedo ayudarle hoy?'],
  },
  goodbye: {
    'pt-BR': [
      'Nós que agradecemos! Se precisar, é só chamar. Tenha um ótimo dia!',
      'Foi um prazer ajudar. Até a próxima!',
    ],
    en: [
      'Thank you! If you need anything else, just let us know. Have a great day!',
      'It was a pleasure to help. See you next time!',
    ],
    es: [
      '¡Gracias a usted! Si necesita algo más, estamos aquí. ¡Que tenga un buen día!',
      'Fue un placer ayudarle. ¡Hasta la próxima!',
    ],
  },
  unknown: {
    'pt-BR': [
      'Desculpe, não entendi sua mensagem. Pode explicar com mais detalhes como podemos ajudar?',
      'Estamos aqui para ajudar com pedidos, pagamentos e suporte. Sobre o que você gostaria de falar?',
    ],
    en: [
      'Sorry, I did not understand your message. Could you tell us more about how we can help?',
      'We can help with orders, payments and support. What would you like to talk about?',
    ],
    es: [
      'Disculpe, no entendí su mensaje. ¿Puede explicarnos cómo podemos ayudarle?',
      'Podemos ayudarle con pedidos, pagos y soporte. ¿Sobre qué le gustaría hablar?',
    ],
  },
};

export interface ReplyContext {
  readonly intent: Intent;
  readonly sentiment: Sentiment;
  readonly language: Language;
  readonly legalOrRegulatorThreat?: boolean;
  readonly churnThreat?: boolean;
}

/** The situation a reply must address: threats first, then the intent (with its sentiment). */
export function replySituation(context: ReplyContext): ReplySituation {
  if (context.legalOrRegulatorThreat) return 'legal';
  if (context.churnThreat && context.sentiment !== 'positive' && context.intent !== 'request') return 'churn';
  if (context.intent === 'urgent') return 'urgent';
  if (context.intent === 'complaint') return context.sentiment === 'mixed' ? 'mixed' : 'complaint';
  return context.intent;
}

/** 2–3 suggested replies in the message's language (pt-BR for languages we have no texts in). */
export function suggestReplies(context: ReplyContext): string[] {
  const lang: ReplyLanguage =
    context.language === 'en' || context.language === 'es' ? context.language : 'pt-BR';
  return [...REPLIES[replySituation(context)][lang]];
}
