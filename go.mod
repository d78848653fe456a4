module github.com/cutoff-go/cutoff

go 1.26
