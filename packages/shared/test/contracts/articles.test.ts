import { storeFactories } from '@byline/test-support';
import { articlesContract } from './articles-contract';

describe.each(storeFactories())('articles contract ($name store)', articlesContract);
