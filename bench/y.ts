const b = 1;;
console.log(b)
