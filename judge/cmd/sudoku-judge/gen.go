package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the gen command.
func newGenCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "gen", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("gen: not yet built")
	}}
}
