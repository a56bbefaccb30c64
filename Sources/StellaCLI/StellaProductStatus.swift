import ArgumentParser
import ListorCommandKit
import Stella

/// `listor stella archive HANDLE`, `restore HANDLE` and `delete HANDLE`: a product taken off
/// sale and kept, put on sale again, or deleted (the orders that had it keep their lines).
struct StellaProductStatus: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "product", abstract: "Archive a product, restore it, or delete it.",
        discussion: "An archived product is kept with its stock and off sale; restored, it is on sale again. A deleted one is gone with its variants and their stock; the orders that had it keep their lines.")

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case archive, restore, delete
    }

    @OptionGroup var location: StellaStoreOptions
    @Argument(help: "archive, restore or delete.")
    var action: Action
    @Argument(help: "The product's handle.")
    var handle: String

    func run(in environment: CommandEnvironment) async throws {
        let (action, handle) = (action, handle)
        let product = try await location.withStore(in: environment) { store in
            let products = ProductAdminViewModel(store: store)
            return switch action {
            case .archive: try await products.set(handle, to: .archived)
            case .restore: try await products.set(handle, to: .active)
            case .delete: try await products.delete(handle)
            }
        }
        let done = switch action {
        case .archive: "archived"
        case .restore: "restored"
        case .delete: "deleted"
        }
        environment.write("\(done) \(product.code) (\(product.name))\n")
    }
}
