package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the report command.
func newReportCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "report", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("report: not yet built")
	}}
}
