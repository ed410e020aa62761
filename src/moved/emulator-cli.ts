#!/usr/bin/env node
/**
 * This package's `workspace-platform-emulator` bin: runs the one of the `workspace-platform-emulator` package, where
 * the emulator moved, or says to install it.
 */
import { runMovedBin } from './moved.js';

void runMovedBin('workspace-platform-emulator', 'workspace-platform-emulator');
