// A venue's name inside a sentence. Venues are often named 'Polo di Pisa':
// 'le squadre del polo Polo di Pisa' doubles the word, so the noun is left
// out when the name already starts with it (issue 26).

const INIZIA_CON_POLO = /^polo\b/i;

/** 'del polo Bicocca', but 'del Polo di Milano Bicocca'. */
export function delPolo(nome: string): string {
  return INIZIA_CON_POLO.test(nome.trim()) ? `del ${nome}` : `del polo ${nome}`;
}
