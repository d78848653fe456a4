"""Executes one notebook on the GoNB kernel and times each code cell.

    .venv/bin/python latency.py NOTEBOOK OUTDIR TIMEOUT   (the course venv: nbclient)

notebooks' BenchmarkCourse runs it. It executes NOTEBOOK the way `jupyter
nbconvert --execute` does (nbclient, kernel gonb, the notebook's directory as
the working directory, errors allowed so that every cell runs), writes the
executed notebook into OUTDIR, and prints one JSON object on stdout:
{"seconds": [...]} with, for each code cell in order, the time from sending
it to the kernel's reply — what a learner waits after Shift-Enter. The
kernel's own timestamps (nbclient's record_timing) are not used: GoNB's have
one-second resolution.
"""
import json
import os
import sys
import time

import nbformat
from nbclient import NotebookClient


def main():
    path, outdir, timeout = sys.argv[1], sys.argv[2], int(sys.argv[3])
    nb = nbformat.read(path, as_version=4)
    started = {}
    seconds = {}

    def execute(cell, cell_index, **_):
        started[cell_index] = time.monotonic()

    def executed(cell, cell_index, **_):
        seconds[cell_index] = time.monotonic() - started[cell_index]

    client = NotebookClient(
        nb,
        kernel_name="gonb",
        timeout=timeout,
        allow_errors=True,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}},
        on_cell_execute=execute,
        on_cell_executed=executed,
    )
    client.execute()
    nbformat.write(nb, os.path.join(outdir, os.path.basename(path)))
    json.dump({"seconds": [seconds[i] for i in sorted(seconds)]}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
