import Library
import ListorCommandKit

// What the library refuses or fails at, said as "error: …" by the command line.
extension LibraryError: CommandFailure {}
extension LibraryStoreError: CommandFailure {}
extension RemoteLibraryError: CommandFailure {}
extension CSVImportError: CommandFailure {}
