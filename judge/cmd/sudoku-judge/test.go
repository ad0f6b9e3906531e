package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the test command.
func newTestCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "test", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("test: not yet built")
	}}
}
