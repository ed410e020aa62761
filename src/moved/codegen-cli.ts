#!/usr/bin/env node
/**
 * This package's `workspace-platform-codegen` bin: runs the one of the `workspace-platform-codegen` package, where
 * codegen moved, or says to install it.
 */
import { runMovedBin } from './moved.js';

void runMovedBin('workspace-platform-codegen', 'workspace-platform-codegen');
