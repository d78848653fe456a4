package coursetest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cutoff-go/cutoff/internal/ipynb"
)

// TestCheck feeds check an executed notebook with one of each problem; the
// checks are in the cells' metadata (cutoff.want).
func TestCheck(t *testing.T) {
	const executed = `{"cells": [
	  {"cell_type": "markdown", "source": "# title"},
	  {"cell_type": "code", "execution_count": 1, "source": ["%%\n", "fmt.Println(3)\n"], "metadata": {"cutoff": {"want": ["3"]}},
	   "outputs": [{"output_type": "stream", "name": "stdout", "text": ["3\n"]}]},
	  {"cell_type": "code", "execution_count": 2, "source": "fmt.Println(4, 5)", "metadata": {"cutoff": {"want": ["4  6"]}},
	   "outputs": [{"output_type": "stream", "name": "stdout", "text": "4 5\n"}]},
	  {"cell_type": "code", "execution_count": 3, "source": "draw()", "metadata": {"cutoff": {"want": ["picture"]}},
	   "outputs": [{"output_type": "display_data", "data": {"text/plain": "x"}}]},
	  {"cell_type": "code", "execution_count": 4, "source": "draw()", "metadata": {"cutoff": {"want": ["picture"]}},
	   "outputs": [{"output_type": "display_data", "data": {"image/svg+xml": "<svg/>"}}]},
	  {"cell_type": "code", "execution_count": 5, "source": "log()",
	   "outputs": [{"output_type": "stream", "name": "stderr", "text": "oops"}]},
	  {"cell_type": "code", "execution_count": 6, "source": "panic(1)",
	   "outputs": [{"output_type": "error", "ename": "panic", "evalue": "1", "traceback": []}]},
	  {"cell_type": "code", "execution_count": null, "source": "x()", "metadata": {"cutoff": {"want": ["1", "2"]}}, "outputs": []},
	  {"cell_type": "code", "execution_count": 9, "source": "!*go mod edit -replace=github.com/cutoff-go/cutoff=${GONB_DIR}/.. -require=github.com/cutoff-go/cutoff@v0.0.0\n%noautoget",
	   "outputs": [{"output_type": "stream", "name": "stdout", "text": "%goflags=[-mod=mod]\n"}]},
	  {"cell_type": "code", "execution_count": 8, "source": "a()\nb()", "metadata": {"cutoff": {"want": ["sss 75 dual 22", "end"]}},
	   "outputs": [{"output_type": "stream", "name": "stdout", "text": "sss 75"},
	               {"output_type": "stream", "name": "stdout", "text": " dual 22\nen"},
	               {"output_type": "stream", "name": "stdout", "text": "d\n"}]}
	]}`
	var nb ipynb.Notebook
	if err := json.Unmarshal([]byte(executed), &nb); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(check(&nb), "\n")
	for _, want := range []string{
		`cell 2 (fmt.Println(4, 5)): output line 1 is "4 5", want "4 6"`,
		"cell 3 (draw()): wants a picture",
		"cell 5 (log()): wrote to stderr:\noops",
		"cell 6 (panic(1)): error panic: 1",
		"cell 7 (x()): was not executed",
		`cell 7 (x()): want "2" as output line 2, the cell printed only 0 lines`,
		"): the setup cell printed something: it must print nothing",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("check's problems lack %q; got:\n%s", want, got)
		}
	}
	// Cell 8's line comes in three stream outputs: joined, it is right.
	for _, unwanted := range []string{"cell 1 ", "cell 4 ", "cell 9 "} {
		if strings.Contains(got, unwanted) {
			t.Errorf("check complains about a good %q:\n%s", unwanted, got)
		}
	}
}
