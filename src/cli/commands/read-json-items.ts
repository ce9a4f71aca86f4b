import { StringDecoder } from 'node:string_decoder';
import { readFileChunks } from '../../sources/index.js';

/**
 * The values of a JSON file holding one array (each element, in order) or one value (itself), read as a stream:
 * each element is parsed alone once its text is complete, so a file of any size holds one element at a time.
 * Throws SyntaxError naming the element's index when one is not valid JSON, or when the file is not an array or value.
 */
export async function* readJsonItems(path: string): AsyncGenerator<unknown> {
  const decoder = new StringDecoder('utf8');
  let mode = 'start' as 'start' | 'array' | 'single' | 'done';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let item = '';
  let index = 0;
  const parse = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new SyntaxError(`element ${index}: ${(error as Error).message}`);
    }
  };
  // Each chunk is decoded before the next read overwrites it.
  for await (const chunk of readFileChunks(path, 64 * 1024)) {
    const text = decoder.write(chunk);
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (mode === 'start') {
        if (c === '[') {
          mode = 'array';
          from = i + 1;
        } else if (!/\s/.test(c)) {
          mode = 'single';
          from = i;
        }
        continue;
      }
      if (mode === 'done') {
        if (!/\s/.test(c)) throw new SyntaxError(`unexpected ${JSON.stringify(c)} after the array`);
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || (c === ']' && depth > 0)) depth--;
      else if (mode === 'array' && depth === 0 && (c === ',' || c === ']')) {
        const whole = (item + text.slice(from, i)).trim();
        item = '';
        from = i + 1;
        if (whole !== '') {
          yield parse(whole);
          index++;
        } else if (c === ',') throw new SyntaxError(`element ${index}: missing before a comma`);
        if (c === ']') mode = 'done';
      }
    }
    if (mode === 'array' || mode === 'single') item += text.slice(from);
  }
  item += decoder.end();
  if (mode === 'single') yield parse(item);
  else if (mode === 'array') throw new SyntaxError('the array is not closed: the file ends inside it');
  else if (mode === 'start') throw new SyntaxError('the file holds no JSON value');
}
