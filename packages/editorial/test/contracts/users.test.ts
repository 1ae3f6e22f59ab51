import { storeFactories } from '@byline/test-support';
import { usersContract } from '../../src/users/users-contract';

describe.each(storeFactories())('users contract ($name store)', usersContract);
