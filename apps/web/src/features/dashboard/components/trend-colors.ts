import type { sentiments } from '@atende/contracts/analysis-labels';

type Sentiment = (typeof sentiments)[number];

/** The sentiments in the order the chart and its table show them. */
export const trendSentiments: readonly Sentiment[] = ['positive', 'neutral', 'negative', 'mixed'];

/** One colour per sentiment, readable on white (chart lines). */
export const sentimentColors: Record<Sentiment, string> = {
  positive: '#15803d',
  neutral: '#64748b',
  negative: '#b91c1c',
  mixed: '#b45309',
};
