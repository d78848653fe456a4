package report

import (
	"runtime/debug"
	"sync"
)

// Version is the grader's version, which every output carries beside the
// seed: the module's version when the binary was built from a tagged
// module (go install …@v1.2.3), else the revision of the repository it was
// built in (its first 12 hex digits, "+dirty" when the work tree had
// changes), else "devel" (go run, go test). Both come from the binary's
// build information (runtime/debug.ReadBuildInfo). A version stamped at
// link time comes first (see stamped).
var Version = sync.OnceValue(func() string {
	if stamped != "" {
		return stamped
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return versionOf(info)
})

// stamped is the version a grader built without its repository carries
// (a platform's copy: no .git, no module version), set at link time:
//
//	go build -ldflags "-X github.com/cutoff-go/cutoff/internal/autograde/report.stamped=$(cat GRADER_VERSION)" ./cmd/cutoff
//
// exercises/platforms/course writes GRADER_VERSION (the repository's
// revision, as Version would give it) and the platforms' scripts build so.
var stamped string

// StampVar is the -X name of the stamped version.
const StampVar = "github.com/cutoff-go/cutoff/internal/autograde/report.stamped"

// versionOf is Version's choice from info.
func versionOf(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}
