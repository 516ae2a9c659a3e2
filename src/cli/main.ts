#!/usr/bin/env node
// The `intentgate` executable: runs the CLI on this process's arguments and streams.
import { startCli } from './startCli';

startCli();
