import Foundation
import Redux

extension Shop {
    /// The shop's reducer.
    public static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .loginRequest:
            state.error = nil
        case .setLoading(let loading):
            state.isLoading = loading
        case .loginSuccess(let user):
            state.user = user
            state.isLoading = false
        case .loginFailed(let error):
            state.error = error
            state.isLoading = false
        case .logout:
            state.user = nil
            state.cart = Cart()
        case .addToCart(let productID, let quantity):
            guard let product = state.catalog.first(where: { $0.id == productID }) else {
                state.error = "no product with id \(productID)"
                return
            }
            state.cart.add(CartItem(id: product.id, name: product.name, price: product.price, quantity: quantity))
        case .setQuantity(let itemID, let quantity):
            state.cart.setQuantity(quantity, of: itemID)
        case .removeFromCart(let itemID):
            state.cart.setQuantity(0, of: itemID)
        case .setPackageQuantity(let packageID, let itemID, let quantity):
            guard let package = state.packages.firstIndex(where: { $0.id == packageID }),
                let item = state.packages[package].items.firstIndex(where: { $0.id == itemID })
            else { return }
            state.packages[package].items[item].quantity = max(0, quantity)
        case .addPackageToCart(let packageID):
            guard let package = state.packages.first(where: { $0.id == packageID }) else { return }
            for item in package.items where item.quantity > 0 { state.cart.add(item) }
        case .dismissError:
            state.error = nil
        }
    }
}

extension Shop.Cart {
    /// Adds a line, or its quantity to an existing line of the same product.
    mutating func add(_ item: Shop.CartItem) {
        guard item.quantity > 0 else { return }
        if let index = items.firstIndex(where: { $0.id == item.id }) {
            items[index].quantity &+= item.quantity  // Wraps rather than traps on a hostile recording.
        } else {
            items.append(item)
        }
        recomputeTotal()
    }

    /// Sets a line's quantity; zero or less removes the line.
    mutating func setQuantity(_ quantity: Int, of itemID: Int) {
        guard let index = items.firstIndex(where: { $0.id == itemID }) else { return }
        if quantity > 0 {
            items[index].quantity = quantity
        } else {
            items.remove(at: index)
        }
        recomputeTotal()
    }

    private mutating func recomputeTotal() {
        total = items.reduce(Decimal(0)) { $0 + $1.price * Decimal($1.quantity) }
    }
}
