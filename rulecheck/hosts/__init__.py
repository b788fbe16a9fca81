"""The hosts: thin glue from the examples layer to MkDocs, pytest and the command line."""
