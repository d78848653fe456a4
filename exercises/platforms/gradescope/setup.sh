#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image
# (Ubuntu 22.04). The autograder zip holds this file, run_autograder and a
# copy of the cutoff repository in cutoff/ (see exercises/README.md); it is
# unpacked into /autograder/source. This installs Go, builds cutoff and
# grades the reference solutions once, which both proves the set-up and
# fills Go's build cache, so that grading a submission builds only its own
# code.
set -euo pipefail
GO_VERSION=${GO_VERSION:-1.26.8}
apt-get update
apt-get install -y --no-install-recommends ca-certificates curl
curl -fsSL "https://go.dev/dl/go${GO_VERSION}.linux-amd64.tar.gz" | tar -C /usr/local -xz
export PATH=/usr/local/go/bin:$PATH
cd /autograder/source/cutoff
go build -o /usr/local/bin/cutoff ./cmd/cutoff
cutoff grade -module . -with solutions -jobs 1 exercises
