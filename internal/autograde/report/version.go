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
// build information (runtime/debug.ReadBuildInfo).
var Version = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return versionOf(info)
})

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
