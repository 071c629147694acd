// Suites with real servers start processes and wait for events: give each test two minutes.
import { jest } from '@jest/globals';

jest.setTimeout(120_000);
