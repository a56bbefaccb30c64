/// An error an app's command refuses or fails with (a library's, a store's, the browser's),
/// which the command line says as "error: …" with exit code 1; ArgumentParser's own are said
/// its way. Each group's module names its app's errors.
package protocol CommandFailure: Error {}
