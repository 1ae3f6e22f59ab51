// Imported first by the repository's scripts (npm start, the bench) for its side effect: on an older Node.js the
// script stops here with what to do, before it builds, spawns or loads anything native.
import { exitUnlessSupportedNode } from './node-line.mjs';

exitUnlessSupportedNode('byline');
