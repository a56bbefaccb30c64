import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

struct HomePage: Encodable {
    let title = "Listor"
    let tiles: [AppTile]
}
