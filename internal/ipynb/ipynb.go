// Package ipynb reads the part of the Jupyter notebook format (nbformat 4
// JSON) that this module reads: cells with their sources, outputs and
// execution counts. It is the one definition of those types for cutoff
// site (internal/site/nbhtml, which turns executed notebooks into pages)
// and the notebooks' tests (internal/coursetest, which check their
// outputs); internal, so only this module uses it.
package ipynb

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Notebook is the part of an .ipynb file this module reads.
type Notebook struct {
	Cells []Cell `json:"cells"`
}

// Cell is a notebook's cell: "code", "markdown" or "raw".
type Cell struct {
	CellType       string          `json:"cell_type"`
	Source         Multiline       `json:"source"`
	Outputs        []Output        `json:"outputs"`
	ExecutionCount json.RawMessage `json:"execution_count"` // null when not run
	Metadata       CellMetadata    `json:"metadata"`
}

// CellMetadata is the part of a cell's metadata this module reads: the
// course's own key, "cutoff".
type CellMetadata struct {
	Cutoff Course `json:"cutoff"`
}

// Course is what the course keeps in a cell's metadata, out of the code
// and text a learner sees (notebooks/README.md, "Conventions").
type Course struct {
	// Want lists a code cell's checks, in order: "picture" wants an SVG or
	// HTML display; any other entry is compared with the next non-empty line
	// of the cell's text output, runs of white space collapsed.
	Want []string `json:"want,omitempty"`
	// Reveal marks a code cell whose output answers the question just asked
	// ("Predict first"): the static site folds its output until the reader
	// opens it.
	Reveal bool `json:"reveal,omitempty"`
}

// Output is one output of a code cell.
type Output struct {
	OutputType string               `json:"output_type"`
	Name       string               `json:"name"` // stream: "stdout" or "stderr"
	Text       Multiline            `json:"text"` // stream
	Data       map[string]Multiline `json:"data"` // display_data, execute_result: MIME type → content
	EName      string               `json:"ename"`
	EValue     string               `json:"evalue"`
	Traceback  []string             `json:"traceback"`
}

// Multiline is a notebook string: either one JSON string or a list of
// lines, joined. Some MIME types (application/json) hold objects: those
// are kept raw.
type Multiline string

func (m *Multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = Multiline(s)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(b, &lines); err != nil {
		*m = Multiline(b)
		return nil
	}
	*m = Multiline(strings.Join(lines, ""))
	return nil
}

// Parse reads an .ipynb file's content.
func Parse(b []byte) (*Notebook, error) {
	var nb Notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, err
	}
	return &nb, nil
}

// Read reads the .ipynb file path; its errors name path.
func Read(path string) (*Notebook, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	nb, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return nb, nil
}
