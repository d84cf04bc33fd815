import { describe, expect, it } from 'vitest';
import { classifyIntent, classifyIntentDetailed } from './intent.ts';
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
