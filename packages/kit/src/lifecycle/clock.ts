import { Injectable } from '@nestjs/common';

/** The time, as a port: services ask it instead of `new Date()`, so tests can fix it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
