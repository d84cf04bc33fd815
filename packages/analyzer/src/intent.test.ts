import { describe, expect, it } from 'vitest';
import { classifyIntent, classifyIntentDetailed } from './intent.ts';
import { analyzeMessage } from './message.ts';
import { analyzeSentiment } from './sentiment.ts';

const intent = (text: string) => classifyIntent(text, analyzeSentiment(text));

describe('classifyIntent', () => {
  it.each([
    // greeting / goodbye: nothing else said
    ['Oi, boa noite!', 'greeting'],
    ['Olá pessoal, tudo certo?', 'greeting'],
    ['Muito obrigada, até amanhã', 'goodbye'],
    ['Beleza, valeu', 'goodbye'],
    // compliment / complaint: an opinion about the service
    ['A técnica Renata foi impecável', 'compliment'],
    ['Quero elogiar o rapaz do chat', 'compliment'],
    ['Que atendimento vergonhoso', 'complaint'],
    ['Vou levar isso ao Procon', 'complaint'],
    // question (general) vs inquiry (own case)
    ['Vocês instalam ar-condicionado?', 'question'],
    ['Como faço para mudar o vencimento?', 'question'],
    ['Meu estorno já foi feito?', 'inquiry'],
    ['Alguma previsão para a visita do técnico?', 'inquiry'],
    // request (an action) vs support (something broken)
    ['Preciso da segunda via do contrato', 'request'],
    ['Cancelem a renovação automática, por favor', 'request'],
    ['O aplicativo não abre no meu celular', 'support'],
    ['Dá erro 403 quando entro no painel', 'support'],
    // information (data) vs feedback (a suggestion)
    ['Segue o print do comprovante', 'information'],
    ['Meu e-mail novo é ana.souza@provedor.com', 'information'],
    ['Seria legal ter pagamento por aproximação', 'feedback'],
    ['Sugestão: aumentem o prazo de troca', 'feedback'],
    // urgent: time pressure or a stopped business
    ['URGENTE: o caixa da loja parou agora', 'urgent'],
    ['Minha conta foi invadida, estão usando meu cartão', 'urgent'],
    // unknown: off-topic or gibberish
    ['Você gosta de pizza?', 'unknown'],
    ['qwrtzp', 'unknown'],
    ['hahaha', 'unknown'],
  ])('%s → %s', (text, expected) => {
    expect(intent(text)).toBe(expected);
  });

  it('classifies what follows a greeting', () => {
    expect(intent('Bom dia! A fatura veio com juros indevidos, que absurdo')).toBe('complaint');
  });

  it('uses the sentiment it is given', () => {
    const text = 'O atendente foi educado';
    expect(classifyIntent(text, analyzeSentiment(text))).toBe('compliment');
    const negative = { ...analyzeSentiment(text), sentiment: 'negative' as const };
    expect(classifyIntent(text, negative)).toBe('complaint');
  });

  it('tells whether a specific cue decided', () => {
    expect(classifyIntentDetailed('Segue o comprovante').cue).toBe(true);
    expect(classifyIntentDetailed('A loja da esquina vende produtos').cue).toBe(false);
  });

  it('reads English and Spanish cues', () => {
    expect(
      classifyIntent('I need a copy of my invoice', analyzeSentiment('I need a copy of my invoice', 'en'), {
        lang: 'en',
      }),
    ).toBe('request');
    expect(
      classifyIntent('Hola, buenos días', analyzeSentiment('Hola, buenos días', 'es'), { lang: 'es' }),
    ).toBe('greeting');
  });
});

describe('classifyIntent: cue families written for the held-out wording', () => {
  it.each([
    // greetings with a self-introduction, a pleasantry or a call for attention
    ['Oi! Aqui é o Rafael, da padaria', 'greeting'],
    ['Olá, sou cliente de vocês', 'greeting'],
    ['Bom dia! Espero que estejam bem', 'greeting'],
    ['Boa tarde, alguém pode me atender?', 'greeting'],
    // closings: diminutives and longer thanks
    ['Tchauzinho', 'goodbye'],
    ['Ok, muito obrigado pela atenção de sempre', 'goodbye'],
    // a general how-to or capability question names a case word without asking after one's case
    ['Como faço o cadastro?', 'question'],
    ['Quanto tempo leva a entrega para o Nordeste?', 'question'],
    ['O seguro cobre tela quebrada?', 'question'],
    ['Preciso levar algum documento para retirar?', 'question'],
    ['Quais documentos preciso para abrir conta?', 'question'],
    // asking after one's own case, in other word orders
    ['Quando meu cartão novo chega?', 'inquiry'],
    ['Vocês conseguiram resolver meu problema da fatura?', 'inquiry'],
    ['O técnico vem hoje mesmo?', 'inquiry'],
    // a polite request that names a problem without judging
    ['Poderiam cancelar a cobrança duplicada?', 'request'],
    ['Podem reenviar o código de rastreio?', 'request'],
    // a device and a negated verb of what it does; noises; faults that recur
    ['A máquina de lavar não centrifuga', 'support'],
    ['O som da TV está saindo chiado', 'support'],
    ['A internet cai toda vez que chove', 'support'],
    ['Não estou conseguindo fazer login', 'support'],
    // handing over evidence of a fault; availability
    ['Estou mandando o print do erro', 'information'],
    ['Vou estar viajando semana que vem', 'information'],
    // design opinions and what the product could do
    ['As letras do site são muito pequenas', 'feedback'],
    ['O layout antigo era mais fácil de usar', 'feedback'],
    ['O site poderia mostrar o prazo antes do pagamento', 'feedback'],
    ['Achei o novo menu meio confuso de usar', 'feedback'],
    // goods that arrive spoiled or fail with use
    ['A comida chegou fria e revirada', 'complaint'],
    ['O tênis descolou com uma semana de uso', 'complaint'],
    // urgency: a consequence coming, a stopped sale, someone's health
    ['Preciso da segunda via hoje, senão cortam minha luz amanhã', 'urgent'],
    ['Rápido por favor, o caixa travou no meio das vendas', 'urgent'],
    ['Me ajudem agora, a geladeira da farmácia parou com vacinas dentro', 'urgent'],
    // small talk
    ['Gosto de pizza', 'unknown'],
    ['Me indica uma série boa', 'unknown'],
  ])('%s → %s', (text, expected) => {
    expect(intent(text)).toBe(expected);
  });
});

// Issue 32: WhatsApp-style cases of our own.
describe('informal closings and good news', () => {
  it.each([
    ['valeu pela força, boa noite pra vcs', 'goodbye'],
    ['muito obrigada e um ótimo fim de semana pra equipe', 'goodbye'],
    ['recebi o código aqui, valeu', 'information'],
    ['consegui pagar o boleto pelo app, obg', 'information'],
    ['chegou antes do prazo, amei!', 'compliment'],
  ] as const)('%s → %s', (text, intent) => {
    expect(analyzeMessage(text).intent).toBe(intent);
  });
});

// Review fix (issue 32): an introduction is a greeting only when nothing else follows it.
describe('introductions', () => {
  it('reads the matter after who writes', () => {
    const text = 'oi, falo pela empresa X, vocês esqueceram de emitir a nota';
    expect(intent(text)).not.toBe('greeting');
    expect(analyzeMessage(text).intent).toBe('complaint');
  });
});
