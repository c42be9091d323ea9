export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../src/tools/chromium.ts';
