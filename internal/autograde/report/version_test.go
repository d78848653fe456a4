package report

import (
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	rev := func(r, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: r}, {Key: "vcs.modified", Value: modified}}
	}
	for _, tc := range []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}, Settings: rev("0123456789abcdef0123", "false")}, "v1.4.0"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev("0123456789abcdef0123", "false")}, "0123456789ab"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev("0123456789abcdef0123", "true")}, "0123456789ab+dirty"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{debug.BuildInfo{}, "devel"},
	} {
		if got := versionOf(&tc.info); got != tc.want {
			t.Errorf("versionOf(%+v) = %q, want %q", tc.info, got, tc.want)
		}
	}
	if Version() == "" {
		t.Error("Version() is empty")
	}
}
