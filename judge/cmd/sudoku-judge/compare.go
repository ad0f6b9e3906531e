package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the compare command.
func newCompareCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "compare", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("compare: not yet built")
	}}
}
