// The demo tenant's sample content: a Brazilian online shop's support queue, in Portuguese.

export const demoCustomers = [
  {
    name: 'Maria Aparecida Santos',
    document: '52998224725',
    company: null,
    email: 'maria.santos@email.com.br',
    phone: '(11) 98765-4321',
  },
  {
    name: 'João Pereira Lima',
    document: '11144477735',
    company: null,
    email: 'joao.lima@email.com.br',
    phone: '(21) 99876-5432',
  },
  {
    name: 'Padaria Pão de Mel Ltda',
    document: '11222333000181',
    company: 'Padaria Pão de Mel',
    email: 'contato@paodemel.com.br',
    phone: '(31) 3333-2222',
  },
  {
    name: 'Ana Beatriz Costa',
    document: '39053344705',
    company: 'Costa Arquitetura',
    email: 'ana@costaarq.com.br',
    phone: '(41) 99123-4567',
  },
  {
    name: 'Carlos Eduardo Souza',
    document: '71428793860',
    company: null,
    email: 'cadu.souza@email.com',
    phone: '(51) 98111-2233',
  },
  {
    name: 'Mercadinho Bom Preço',
    document: '45723174000110',
    company: 'Mercadinho Bom Preço',
    email: 'financeiro@bompreco.com.br',
    phone: '(81) 3222-1100',
  },
  {
    name: 'Fernanda Oliveira',
    document: '82286063036',
    company: null,
    email: 'fe.oliveira@email.com.br',
    phone: '(85) 99777-8888',
  },
  {
    name: 'Ricardo Almeida',
    document: '24843803057',
    company: 'Almeida Transportes',
    email: 'ricardo@almeidatransportes.com.br',
    phone: '(62) 98222-3344',
  },
] as const;

/** `customer` is an index into demoCustomers; `hoursAgo` spreads them over the last weeks. */
export const demoTickets = [
  {
    customer: 0,
    hoursAgo: 2,
    title: 'Pedido não entregue',
    content:
      'Cliente: Comprei uma geladeira há 15 dias e até agora nada. Já liguei três vezes e ninguém resolve.\nAtendente: Sinto muito, Maria. Vou verificar com a transportadora.\nCliente: Se não resolverem hoje vou registrar reclamação no Procon.',
  },
  {
    customer: 1,
    hoursAgo: 5,
    title: 'Cobrança em duplicidade',
    content:
      'Cliente: Fui cobrado duas vezes no cartão pela mesma compra. Quero o estorno urgente.\nAtendente: Já abri o pedido de estorno, ele aparece em até 2 faturas.\nCliente: Ok, vou aguardar.',
  },
  {
    customer: 2,
    hoursAgo: 20,
    title: 'Elogio ao atendimento',
    content:
      'Cliente: Quero agradecer a equipe, o técnico foi super atencioso e resolveu tudo rapidinho. Nota 10!\nAtendente: Que bom saber! Obrigado pelo retorno.',
  },
  {
    customer: 3,
    hoursAgo: 30,
    title: 'Dúvida sobre nota fiscal',
    content:
      'Cliente: Como faço para emitir a segunda via da nota fiscal da minha compra?\nAtendente: Você encontra em Meus Pedidos > Detalhes > Nota fiscal.\nCliente: Achei, obrigada!',
  },
  {
    customer: 4,
    hoursAgo: 50,
    title: 'Produto com defeito',
    content:
      'Cliente: A TV chegou com a tela trincada. Estou muito decepcionado, é a segunda vez que isso acontece.\nAtendente: Vamos providenciar a troca. A coleta será agendada.\nCliente: Espero que dessa vez venha certo, senão vou procurar um advogado.',
  },
  {
    customer: 5,
    hoursAgo: 75,
    title: 'Atraso na entrega de atacado',
    content:
      'Cliente: Nosso pedido de 200 caixas está atrasado e isso está parando o nosso mercado. Precisamos de uma previsão hoje.',
  },
  {
    customer: 6,
    hoursAgo: 100,
    title: 'Cancelamento de assinatura',
    content:
      'Cliente: Quero cancelar minha assinatura, o serviço piorou muito e o suporte demora dias para responder.\nAtendente: Lamento, Fernanda. Posso oferecer um mês grátis?\nCliente: Não, obrigada. Só quero cancelar.',
  },
  {
    customer: 7,
    hoursAgo: 130,
    title: 'Troca de endereço de entrega',
    content:
      'Cliente: Preciso alterar o endereço de entrega do pedido 48213, me mudei semana passada.\nAtendente: Alterado! A entrega segue no prazo.\nCliente: Perfeito, muito obrigado.',
  },
  {
    customer: 0,
    hoursAgo: 200,
    title: 'Site fora do ar',
    content: 'Cliente: O site não abre desde ontem e não consigo acompanhar meu pedido. Isso é um absurdo!',
  },
  {
    customer: null,
    hoursAgo: 260,
    title: 'Golpe com boleto falso',
    content:
      'Cliente: Recebi um boleto em nome de vocês e paguei, mas parece que foi golpe. Quero saber o que vocês vão fazer, isso é fraude.\nAtendente: Vamos analisar o boleto e orientar sobre o registro da ocorrência.',
  },
  {
    customer: 1,
    hoursAgo: 320,
    title: 'Pedido de reembolso',
    content:
      'Cliente: Devolvi o produto há 20 dias e o reembolso ainda não caiu. Já abri reclamação no Reclame Aqui.',
  },
  {
    customer: 3,
    hoursAgo: 400,
    title: 'Informação sobre garantia',
    content:
      'Cliente: Qual o prazo de garantia do notebook? Comprei em março.\nAtendente: A garantia é de 12 meses a partir da nota fiscal.',
  },
] as const;

/** `ticket` is an index into demoTickets. */
export const demoMessages = [
  {
    ticket: 0,
    direction: 'inbound',
    channel: 'whatsapp',
    content: 'Até agora nada da minha geladeira. Vou no Procon amanhã!',
  },
  {
    ticket: 0,
    direction: 'outbound',
    channel: 'whatsapp',
    content: 'Maria, a transportadora confirmou a entrega para amanhã de manhã.',
  },
  {
    ticket: 1,
    direction: 'inbound',
    channel: 'email',
    content: 'Bom dia, o estorno ainda não apareceu na fatura. Podem verificar?',
  },
  {
    ticket: 2,
    direction: 'inbound',
    channel: 'web',
    content: 'Parabéns pelo atendimento, vocês são ótimos!',
  },
  {
    ticket: 4,
    direction: 'inbound',
    channel: 'whatsapp',
    content: 'A coleta não apareceu. Meu advogado já está sabendo.',
  },
  {
    ticket: 5,
    direction: 'inbound',
    channel: 'telefone',
    content: 'Precisamos urgente de uma previsão de entrega, o mercado está sem estoque.',
  },
  {
    ticket: 6,
    direction: 'inbound',
    channel: 'web',
    content: 'Quero cancelar hoje. Não adianta oferecer desconto.',
  },
  { ticket: null, direction: 'inbound', channel: 'web', content: 'Olá, vocês entregam em Manaus?' },
  {
    ticket: null,
    direction: 'inbound',
    channel: 'instagram',
    content: 'Oi! Qual o horário de atendimento de vocês?',
  },
  {
    ticket: 9,
    direction: 'inbound',
    channel: 'email',
    content: 'Anexo o boleto falso que recebi. Isso é fraude!',
  },
] as const;

export const demoFlaggedTerms = [
  'Procon',
  'Reclame Aqui',
  'advogado',
  'processo',
  'cancelar',
  'fraude',
  'golpe',
  'estorno',
] as const;
