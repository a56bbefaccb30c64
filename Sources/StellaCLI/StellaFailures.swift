import ListorCommandKit
import Stella

// What the store refuses or fails at, said as "error: …" by the command line.
extension CatalogueError: CommandFailure {}
extension StellaStoreError: CommandFailure {}
extension ShopifyCSVError: CommandFailure {}
