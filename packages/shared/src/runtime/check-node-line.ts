/**
 * Imported first by every entry point (services, worker, CLI) for its side effect: on a Node.js older than the line
 * Byline runs on, the process stops here with a message saying what to do, before anything loads better-sqlite3
 * (whose binary crashes an older Node with a bare "Segmentation fault"). Imports nothing native.
 */
import { exitUnlessSupportedNode } from '@byline/domain/runtime/node-line';

exitUnlessSupportedNode('byline');
