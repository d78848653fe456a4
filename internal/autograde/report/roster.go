package report

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/internal/autograde"
)

// Roster maps a class's submission folders to the students an LMS knows:
// a CSV file whose header names its columns, in any order,
//
//	folder,id,email,name,login,section
//	cutoff-ada,2024001,ada@uni.example,"Lovelace, Ada",alovelace,A1
//
// folder (the submission's folder name in the class folder) is required,
// and id or email; name, login and section may be left out. id is the
// student ID an LMS keys on (Canvas's SIS User ID, Moodle's ID number),
// email the e-mail address (Moodle's other key), login Canvas's SIS Login
// ID. With a roster, cutoff grade -class writes the LMS gradebooks
// (WriteCanvasCSV, WriteMoodleCSV) and the class report names the folders
// it lacks and the students who submitted nothing.
type Roster struct {
	Students []RosterEntry // in the file's order
}

// RosterEntry is one student of a Roster.
type RosterEntry struct {
	Folder, ID, Email, Name, Login, Section string
}

// rosterColumns are a roster's columns.
var rosterColumns = []string{"folder", "id", "email", "name", "login", "section"}

// LoadRoster reads and validates a roster file; its errors are one line
// (cutoff grade's flag names the file).
func LoadRoster(path string) (*Roster, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read it (%s)", strings.Join(strings.Fields(err.Error()), " "))
	}
	defer f.Close()
	return ParseRoster(f)
}

// ParseRoster reads a roster (see Roster): a missing or unknown column, a
// row with no folder or with neither id nor email, or a folder twice is an
// error naming the line.
func ParseRoster(r io.Reader) (*Roster, error) {
	cr := csv.NewReader(r)
	cr.TrimLeadingSpace = true
	head, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("an empty roster (want a header: folder,id,email,name,login,section)")
	}
	if err != nil {
		return nil, fmt.Errorf("not a CSV roster: %s", oneLine(err))
	}
	col := map[string]int{}
	for i, h := range head {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !slices.Contains(rosterColumns, h) {
			return nil, fmt.Errorf("line 1: unknown column %q (the columns: %s)", h, strings.Join(rosterColumns, ", "))
		}
		if _, dup := col[h]; dup {
			return nil, fmt.Errorf("line 1: column %q twice", h)
		}
		col[h] = i
	}
	_, hasID := col["id"]
	_, hasEmail := col["email"]
	if _, ok := col["folder"]; !ok || !hasID && !hasEmail {
		return nil, errors.New("line 1: a roster needs a folder column and an id or email column")
	}
	ro := &Roster{}
	seen := map[string]int{}
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("not a CSV roster: %s", oneLine(err))
		}
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		e := RosterEntry{Folder: get("folder"), ID: get("id"), Email: get("email"), Name: get("name"), Login: get("login"), Section: get("section")}
		switch {
		case e.Folder == "":
			return nil, fmt.Errorf("line %d: no folder", line)
		case e.ID == "" && e.Email == "":
			return nil, fmt.Errorf("line %d: %s has neither an id nor an email", line, e.Folder)
		case seen[e.Folder] > 0:
			return nil, fmt.Errorf("line %d: folder %s again (first on line %d)", line, e.Folder, seen[e.Folder])
		}
		seen[e.Folder] = line
		ro.Students = append(ro.Students, e)
	}
	if len(ro.Students) == 0 {
		return nil, errors.New("a roster with no students")
	}
	return ro, nil
}

func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// lmsRow is a roster student's points per exercise graded: their
// submission's, or 0 for each when they submitted nothing.
type lmsRow struct {
	RosterEntry
	points []int
}

// lmsRows returns the exercises graded (in the results' order), their
// maximum points, and a row per roster student, in the roster's order.
func lmsRows(results []*autograde.Result, ro *Roster) (exs []string, maxes []int, rows []lmsRow) {
	byFolder := map[string]*autograde.Result{}
	for _, r := range results {
		byFolder[r.Student] = r
		for _, e := range r.Exercises {
			_, m := e.Score()
			if i := slices.Index(exs, e.Exercise); i < 0 {
				exs, maxes = append(exs, e.Exercise), append(maxes, m)
			} else {
				maxes[i] = max(maxes[i], m)
			}
		}
	}
	for _, s := range ro.Students {
		row := lmsRow{RosterEntry: s, points: make([]int, len(exs))}
		if r := byFolder[s.Folder]; r != nil {
			for _, e := range r.Exercises {
				got, _ := e.Score()
				row.points[slices.Index(exs, e.Exercise)] = got
			}
		}
		rows = append(rows, row)
	}
	return exs, maxes, rows
}

// LMSColumn is an exercise's column in the LMS gradebooks: a new grade
// item, which the import creates (or map it onto an existing one).
func LMSColumn(exercise string) string { return "Cutoff " + exercise }

// WriteCanvasCSV writes the gradebook in the format Canvas's gradebook
// import reads: the columns Student, ID, SIS User ID, SIS Login ID and
// Section (ID, Canvas's own number, left empty: Canvas matches the SIS User
// ID or the SIS Login ID), a row "Points Possible" with each column's
// maximum, and a column per exercise graded with the points; a row per
// roster student (0 for one who submitted nothing). No seed or grader
// column: Canvas would take it for an assignment (the class report has
// them).
func WriteCanvasCSV(w io.Writer, results []*autograde.Result, ro *Roster) error {
	exs, maxes, rows := lmsRows(results, ro)
	cw := csv.NewWriter(w)
	head := []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}
	possible := []string{"Points Possible", "", "", "", ""}
	for i, e := range exs {
		head = append(head, LMSColumn(e))
		possible = append(possible, strconv.Itoa(maxes[i]))
	}
	cw.Write(head)
	cw.Write(possible)
	for _, r := range rows {
		name := r.Name
		if name == "" {
			name = r.Folder
		}
		login := r.Login
		if login == "" {
			login = r.Email
		}
		rec := []string{name, "", r.ID, login, r.Section}
		for _, p := range r.points {
			rec = append(rec, strconv.Itoa(p))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// WriteMoodleCSV writes the gradebook for Moodle's "Import grades: CSV
// file": the columns ID number and Email address (either can be the
// import's "Identify user by"), Full name, and a column per exercise
// graded with the points (each mapped onto a grade item at import; the
// item's maximum is set in Moodle); a row per roster student.
func WriteMoodleCSV(w io.Writer, results []*autograde.Result, ro *Roster) error {
	exs, _, rows := lmsRows(results, ro)
	cw := csv.NewWriter(w)
	head := []string{"ID number", "Email address", "Full name"}
	for _, e := range exs {
		head = append(head, LMSColumn(e))
	}
	cw.Write(head)
	for _, r := range rows {
		rec := []string{r.ID, r.Email, r.Name}
		for _, p := range r.points {
			rec = append(rec, strconv.Itoa(p))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}
