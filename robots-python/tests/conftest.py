"""Shared test setup: the harness helpers beside this file are importable."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
