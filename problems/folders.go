package problems

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
)

// folders holds every problem's folder in problems/, laid out like a
// Kattis problem package, once for the whole binary: a problem's Go
// package (where it has one) reads its own through [Folder], and the
// catalog finds the folders that are only data through [FolderIDs].
//
//go:generate go run ./internal/mkstatement
//go:embed */problem.yaml */problem_statement */data */SOURCE.md */input_validators */output_validators */submissions */include
var folders embed.FS

// Folder returns the files of the folder problems/id: problem.yaml,
// problem_statement/, data/, SOURCE.md and the Kattis programs,
// input_validators/, output_validators/ and submissions/, and include/,
// the code its programs share, which export writes into each. It panics if there is no such folder,
// which a problem's own tests rule out.
func Folder(id string) fs.FS {
	if _, err := fs.Stat(folders, id+"/problem.yaml"); err != nil {
		panic(fmt.Sprintf("problems: no folder %s with a problem.yaml", id))
	}
	sub, err := fs.Sub(folders, id)
	if err != nil {
		panic(err.Error())
	}
	return sub
}

// FolderIDs returns the names of the folders in problems/ that hold a
// problem.yaml, in order.
func FolderIDs() []string {
	entries, err := fs.ReadDir(folders, ".")
	if err != nil {
		panic(err.Error()) // an embedded directory always reads
	}
	var ids []string
	for _, e := range entries {
		if _, err := fs.Stat(folders, e.Name()+"/problem.yaml"); e.IsDir() && err == nil {
			ids = append(ids, e.Name())
		}
	}
	sort.Strings(ids)
	return ids
}
