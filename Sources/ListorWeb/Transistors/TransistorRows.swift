import Foundation
import ListorKit
import Mustache
import Transistors
