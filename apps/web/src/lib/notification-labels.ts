import type { AlertType, Priority } from '@atende/contracts';

// The pt-BR names of the alert types and priorities: read by two features (the notifications'
// bell and page, and the preferences in Settings), so they live here.

export const alertTypeLabels: Readonly<Record<AlertType, string>> = {
  ticket_issues: 'Cliente aguardando',
  sla_warning: 'Prazo perto do fim',
  red_flags: 'Sinais de alerta',
  escalation_required: 'Escalonamento',
  negative_sentiment: 'Sentimento negativo',
  low_csat_prediction: 'CSAT previsto baixo',
  high_complexity: 'Alta complexidade',
  ticket_notifiable: 'Chamado sinalizado',
};

export const priorityLabels: Readonly<Record<Priority, string>> = {
  high: 'Alta',
  medium: 'Média',
  low: 'Baixa',
};
