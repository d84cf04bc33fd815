export { foldText } from './text.ts';
