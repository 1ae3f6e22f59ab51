#!/usr/bin/env node
import { runService } from '@byline/shared';
import { createApp, SERVICE_NAME } from './app';

void runService({ name: SERVICE_NAME, port: (config) => config.articleVerifierPort, createApp });
