/// <reference types="node" />
/**
 * For component tests in jsdom (imported first): react-router reads TextEncoder when it loads, which jsdom's
 * window lacks. Tests only; the app never imports this.
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
