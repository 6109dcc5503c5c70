/** Lower case without accents: the spec's student filters ignore both ('benitez' finds 'Benítez'). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
