"""What the packaged application runs: the same entry point as the ``variant-designer`` command."""

import sys

from designer.cli import main

if __name__ == "__main__":
    sys.exit(main())
