import { storeFactories } from '@byline/test-support';
import { usersContract } from './users-contract';

describe.each(storeFactories())('users contract ($name store)', usersContract);
