package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the list command.
func newListCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "list", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("list: not yet built")
	}}
}
